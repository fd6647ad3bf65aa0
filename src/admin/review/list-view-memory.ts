// The search and order a member last used on a list, so a record's review queue walks the pending
// records in the list's order (J / K, docs/product.md §29). Kept for the tab only (sessionStorage).
interface ListView {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

const keyOf = (resource: string) => `hoy.listView.${resource}`;

export function rememberListView(resource: string, view: ListView): void {
  try {
    sessionStorage.setItem(keyOf(resource), JSON.stringify(view));
  } catch {
    // Storage refused (private mode, quota): the queue then walks the list's default order.
  }
}

export function readListView(resource: string): ListView {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(resource)) ?? '{}') as ListView;
    return typeof stored === 'object' && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

// Which page (of the queue's pages) the review queue is on, for the tab, kept with the search and
// order it was a page of: once the list is searched or sorted otherwise, the queue starts at page 1.
const queueKeyOf = (resource: string) => `hoy.reviewQueuePage.${resource}`;

export function rememberQueuePage(resource: string, page: number): void {
  try {
    sessionStorage.setItem(queueKeyOf(resource), JSON.stringify({ page, view: readListView(resource) }));
  } catch {
    // Storage refused: the queue stays on this page while the screen is open.
  }
}

export function readQueuePage(resource: string): number {
  try {
    const stored = JSON.parse(sessionStorage.getItem(queueKeyOf(resource)) ?? '{}') as { page?: unknown; view?: unknown };
    const isSameView = JSON.stringify(stored.view) === JSON.stringify(readListView(resource));
    return isSameView && typeof stored.page === 'number' && Number.isInteger(stored.page) && stored.page > 1 ? stored.page : 1;
  } catch {
    return 1;
  }
}
