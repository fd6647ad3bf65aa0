// "N new — Show" over a list that cannot take new rows in without moving them (use-live-list.ts):
// a deeper page, or a sorted, searched or filtered list. The live region says it; the bar does not
// take focus.
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListContext } from './list-context';
// oxlint-disable-next-line import/no-unassigned-import
import './list-live.css';

/** The class of a row the live stream just brought in (list-live.css fades it). */
export const LIVE_NEW_ROW_CLASS = 'hoy-live-new';

export function ListLiveBar() {
  const list = useListContext();
  const { t } = useTranslation();
  if (list.unseen === 0) return null;
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text>{t('live.list.newRows', { count: list.unseen })}</Typography.Text>
      <Button size="small" type="primary" onClick={list.showUnseen}>
        {t('live.list.show')}
      </Button>
    </Flex>
  );
}
