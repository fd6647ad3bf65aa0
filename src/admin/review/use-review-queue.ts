// The pending records around the one on screen, in the list's last search and order (J / K), the
// next one prefetched so it opens at once after a decision (docs/product.md §29).
import { useList, type BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { findResource } from '../resources';
import { readListView } from './list-view-memory';

/** How far ahead the queue looks: the pending records of the list's first page of this size. */
const QUEUE_SIZE = 100;

export interface ReviewQueueOptions {
  resource: string;
  id: number;
  /** The status a pending record has on this list. */
  pendingStatus: string;
  /** The screen of a record. */
  pathOf: (id: number) => string;
}

export function useReviewQueue({ resource, id, pendingStatus, pathOf }: ReviewQueueOptions) {
  const navigate = useNavigate();
  const view = readListView(resource);
  const idField = findResource(resource).idField ?? 'id';
  const { result } = useList<BaseRecord>({
    resource,
    pagination: { currentPage: 1, pageSize: QUEUE_SIZE },
    filters: [...(view.q ? [{ field: 'q', operator: 'contains' as const, value: view.q }] : []), { field: 'status', operator: 'eq', value: pendingStatus }],
    sorters: view.sort ? [{ field: view.sort, order: view.order ?? 'asc' }] : [],
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const ids = (result.data ?? []).map((row) => Number(row[idField]));
  // A record no longer pending (decided with the mouse) is not in the queue: J then starts at its top.
  // A decision by key takes its `next` before it is sent, so it moves on from where the record was.
  const found = ids.indexOf(id);
  const next = found < 0 ? ids[0] : ids[found + 1];
  const previous = found > 0 ? ids[found - 1] : undefined;

  return {
    next,
    previous,
    position: found >= 0 ? found + 1 : undefined,
    total: ids.length,
    goTo: (target: number | undefined) => {
      if (target !== undefined) void navigate(pathOf(target));
    },
  };
}

export type ReviewQueue = ReturnType<typeof useReviewQueue>;
