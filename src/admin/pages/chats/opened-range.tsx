// The days a bar of the dashboard's chat chart narrows the conversations to (?createdFrom=&createdTo=,
// the days they were opened, as the chart counts them), shown above the list with a way back to every date.
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format';

const RANGE_PARAMETERS = ['createdFrom', 'createdTo'] as const;

export interface OpenedRange {
  createdFrom?: string;
  createdTo?: string;
  /** Back to every date: the parameters leave the URL, the rest of it stays. */
  clear: () => void;
}

export function useOpenedRange(): OpenedRange {
  const [parameters, setParameters] = useSearchParams();
  return {
    createdFrom: parameters.get('createdFrom') ?? undefined,
    createdTo: parameters.get('createdTo') ?? undefined,
    clear: () =>
      setParameters((current) => {
        const next = new URLSearchParams(current);
        for (const name of RANGE_PARAMETERS) next.delete(name);
        return next;
      }),
  };
}

export function OpenedRangeTag({ range }: { range: OpenedRange }) {
  const { t } = useTranslation();
  if (!range.createdFrom && !range.createdTo) return null;
  const day = (value: string | undefined) => (value ? formatDate(value) : '…');
  return (
    <Flex gap={4} align="center" wrap style={{ marginBottom: 12 }}>
      <Tag style={{ margin: 0 }}>{t('admin.chats.openedRange', { from: day(range.createdFrom), to: day(range.createdTo) })}</Tag>
      <Button size="small" type="link" onClick={range.clear}>
        {t('admin.list.clearCreatedRange')}
      </Button>
    </Flex>
  );
}
