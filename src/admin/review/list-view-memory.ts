// The search and order a member last used on a list, so a record's review queue walks the pending
// records in the list's order (J / K, docs/product.md §29). Kept for the tab only (sessionStorage).
export interface ListView {
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
