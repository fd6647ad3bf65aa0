// The state of the list screen being drawn, for its parts and for what a page plugs into it (the
// Activity staff filter, the feedback cards, a details drawer): they read it here rather than
// through props handed down.
import type { BaseRecord } from '@refinedev/core';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListScreenState } from './use-list-screen';

export const ListContext = createContext<ListScreenState<BaseRecord> | undefined>(undefined);

/** The list screen this component is drawn in. */
export function useListContext<Row extends BaseRecord>(): ListScreenState<Row> {
  const list = useContext(ListContext);
  if (!list) throw new Error('useListContext reads the state of a ListScreen and must be used inside one');
  return list as unknown as ListScreenState<Row>;
}

/** The list's own texts, under its definition's `labels` (`title`, `columns.<key>`, `errors.fetch` ...). */
export function useListText() {
  const { t, i18n } = useTranslation();
  const { labels } = useListContext().definition;
  return {
    t,
    text: (key: string, values?: Record<string, unknown>) => t(`${labels}.${key}`, values),
    /** Whether the list has a text of its own for `key` (an empty state's title, a refresh failure). */
    hasText: (key: string) => i18n.exists(`${labels}.${key}`),
  };
}

/**
 * Loads a query of the screen's own again each time Refresh is pressed or the live stream changes
 * the list (the count cards, Activity's staff names).
 */
export function useRefetchOnRefresh(refetch: () => unknown) {
  const { refreshCount, changeCount } = useListContext();
  useEffect(() => {
    if (refreshCount + changeCount > 0) void refetch();
  }, [refreshCount, changeCount, refetch]);
}
