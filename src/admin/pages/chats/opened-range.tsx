// The days a bar of the dashboard's chat chart narrows the conversations to (?createdFrom=&createdTo=,
// the days they were opened, as the chart counts them), shown above the list with a way back to every date.
import { useSearchParams } from 'react-router';
import { DayRangeTag } from '../../components/day-range-tag';

const RANGE_PARAMETERS = ['createdFrom', 'createdTo'] as const;

interface OpenedRange {
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

/** "Opened Mar 2, 2026 – Mar 8, 2026" and "Show every date", when the URL names a range. */
export function OpenedRangeTag({ range }: { range: OpenedRange }) {
  if (!range.createdFrom && !range.createdTo) return null;
  return (
    <div style={{ marginBottom: 12 }}>
      <DayRangeTag from={range.createdFrom} to={range.createdTo} labelKey="admin.chats.openedRange" onClear={range.clear} />
    </div>
  );
}
