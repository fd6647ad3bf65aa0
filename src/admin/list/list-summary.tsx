// The count cards over a list, from its resource's `summary` call, reloaded with the list by Refresh.
import { useCustom, type BaseRecord, type HttpError } from '@refinedev/core';
import { CountCards } from '../components/count-cards';
import { actionPath } from '../resources';
import { useListContext, useListText, useRefetchOnRefresh } from './list-context';
import { LIST_QUERY_DEFAULTS } from './use-list-screen';

export interface ListSummaryProps<Summary> {
  /** The fields shown as cards, each labelled `<labels>.cards.<key>`. */
  keys: readonly (keyof Summary & string)[];
  /** Whether an answer (or its absence while loading) shows the cards; always, when absent. */
  isShown?: (summary: Summary | undefined) => boolean;
}

/** The count cards of a list; no cards, no region. */
export function ListSummary<Summary extends BaseRecord>({ keys, isShown }: ListSummaryProps<Summary>) {
  const { resource } = useListContext();
  const { text } = useListText();
  const { query } = useCustom<Summary, HttpError>({ url: actionPath(resource, 'summary'), method: 'get', ...LIST_QUERY_DEFAULTS });
  useRefetchOnRefresh(query.refetch);
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const summary = query.data?.data;
  if (!(isShown?.(summary) ?? true) || keys.length === 0) return null;
  const cards = keys.map((key) => ({ key, label: text(`cards.${key}`), value: summary?.[key] as number | undefined }));
  return (
    <section aria-label={text('cards.label')}>
      <CountCards isLoading={query.isLoading} cards={cards} />
    </section>
  );
}
