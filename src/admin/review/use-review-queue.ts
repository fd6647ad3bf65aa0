// The pending records around the one on screen, in the list's last search and order (J / K), the
// next one prefetched so it opens at once after a decision (docs/product.md §29). The queue reads
// them a page at a time and moves page by page, so J and K walk the whole pending list. The pages
// read follow the live stream: a colleague's decision moves the place ("2 of 37 pending") at once.
import { useList, type BaseRecord } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useLiveRefetch } from '../live/use-live-refetch';
import { findResource } from '../resources';
import { readListView, readQueuePage, rememberQueuePage } from './list-view-memory';
import { useNavigateAtOnce } from './navigate-at-once';

/** How many pending records the queue reads at a time. */
const QUEUE_SIZE = 100;
/** How near its page's end (or start) the record on screen is when the page beyond is read too. */
const EDGE = 5;

interface ReviewQueueOptions {
  resource: string;
  id: number;
  /** The status a pending record has on this list. */
  pendingStatus: string;
  /** The screen of a record. */
  pathOf: (id: number) => string;
}

/** The ids of one queue page (none while it is not wanted or not read yet) and the list's total. */
function usePendingPage(resource: string, pendingStatus: string, page: number, isWanted: boolean) {
  const view = readListView(resource);
  const idField = findResource(resource).idField ?? 'id';
  const { query, result } = useList<BaseRecord>({
    resource,
    pagination: { currentPage: page, pageSize: QUEUE_SIZE },
    filters: [...(view.q ? [{ field: 'q', operator: 'contains' as const, value: view.q }] : []), { field: 'status', operator: 'eq', value: pendingStatus }],
    sorters: view.sort ? [{ field: view.sort, order: view.order ?? 'asc' }] : [],
    errorNotification: false,
    queryOptions: { enabled: isWanted, retry: false },
  });
  const isRead = isWanted && query.data !== undefined;
  return {
    isRead,
    ids: isRead ? result.data.map((row) => Number(row[idField])) : [],
    total: result.total,
    /** Reads the page again, if it is wanted (a refetch would read a disabled query too). */
    reread: () => void (isWanted ? query.refetch() : undefined),
  };
}

export function useReviewQueue({ resource, id, pendingStatus, pathOf }: ReviewQueueOptions) {
  const navigateAtOnce = useNavigateAtOnce();
  const [page, setPage] = useState(() => readQueuePage(resource));
  const here = usePendingPage(resource, pendingStatus, page, true);
  const index = here.ids.indexOf(id);
  // A record that is not on the page may have slid onto a neighbouring one (a decision or an undo
  // before it moves every record after it by one): those pages are read too, to find it there.
  const isOffPage = here.isRead && index < 0;
  const hasNext = here.total !== undefined && page * QUEUE_SIZE < here.total;
  const before = usePendingPage(resource, pendingStatus, page - 1, page > 1 && (isOffPage || (index >= 0 && index < EDGE)));
  const after = usePendingPage(resource, pendingStatus, page + 1, hasNext && (isOffPage || index >= here.ids.length - EDGE));

  // Any change to the resource (a decision here or elsewhere, a new record, an undo) may move the
  // pending records: the pages read are read again, at most once a second.
  useLiveRefetch([resource], () => {
    here.reread();
    before.reread();
    after.reread();
  });

  const ids = [...before.ids, ...here.ids, ...after.ids];
  /** Where the window's first record stands in the whole pending list (0 is its first). */
  const top = (page - 1) * QUEUE_SIZE - before.ids.length;
  const found = ids.indexOf(id);
  // J or K onto a neighbouring page (or a record that slid there) moves the queue to that page, so
  // the window moves with the reviewer; a page the list has shrunk from under goes back to its last.
  const lastPage = Math.max(1, Math.ceil((here.total ?? 0) / QUEUE_SIZE));
  const pageOfRecord = found >= 0 ? Math.floor((top + found) / QUEUE_SIZE) + 1 : undefined;
  const pageToBe = pageOfRecord ?? (here.isRead ? Math.min(page, lastPage) : page);
  // Set while rendering, as React has a render follow what it found: the pages read stay cached.
  if (pageToBe !== page) setPage(pageToBe);
  useEffect(() => rememberQueuePage(resource, page), [resource, page]);

  // Where the record on screen stood among the pending ones, while it was one: decided with the mouse
  // (or by a colleague) it leaves the queue, and J / K go on from that place, where the record after
  // it now stands. A record never seen in the queue (opened far from the queue's place) makes J start
  // at the top of the queue's page.
  const [place, setPlace] = useState<{ id: number; at: number } | undefined>(undefined);
  if (found >= 0 && (place?.id !== id || place.at !== top + found)) setPlace({ id, at: top + found });
  const left = found < 0 && place?.id === id ? place.at - top : undefined;
  const inWindow = (at: number) => (at >= 0 && at < ids.length ? ids[at] : undefined);
  return {
    next: found >= 0 ? ids[found + 1] : left === undefined ? here.ids[0] : inWindow(left),
    previous: found > 0 ? ids[found - 1] : left === undefined ? undefined : inWindow(left - 1),
    position: found >= 0 ? top + found + 1 : undefined,
    total: here.total ?? ids.length,
    goTo: (target: number | undefined) => {
      // Drawn at once, not as an interruptible transition: the decision's answer, the reads it
      // invalidates and the live stream's news of it would each restart the next record's render (decision 031).
      if (target !== undefined) navigateAtOnce(pathOf(target));
    },
  };
}

export type ReviewQueue = ReturnType<typeof useReviewQueue>;
