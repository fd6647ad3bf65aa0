// The days a screen is narrowed to (a dashboard chart's bar opens its list so: createdFrom, createdTo),
// shown as "Created Mar 2, 2026 – Mar 8, 2026" or the screen's own wording, with "Show every date".
// Nothing when neither day is given.
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

interface DayRangeTagProps {
  from?: string;
  to?: string;
  /** The catalogue key of the tag's text, given `from` and `to`. */
  labelKey: string;
  onClear: () => void;
}

export function DayRangeTag({ from, to, labelKey, onClear }: DayRangeTagProps) {
  const { t } = useTranslation();
  if (!from && !to) return null;
  const day = (value: string | undefined) => (value ? formatDate(value) : '…');
  return (
    <Flex gap={4} align="center" wrap>
      <Tag style={{ margin: 0 }}>{t(labelKey, { from: day(from), to: day(to) })}</Tag>
      <Button size="small" type="link" onClick={onClear}>
        {t('admin.list.clearCreatedRange')}
      </Button>
    </Flex>
  );
}
