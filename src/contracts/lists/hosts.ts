// The admin list `hosts`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { approveAndDecline } from '../record-action';
import type { ListSort } from '../list-resource';
import { HOST_STATUS_FILTERS, HOST_STATUSES } from '../statuses';
import { hostListItemSchema } from '../hosts';

const HOST_DETAIL = { hasEnvelope: true, timeoutMs: 10_000 };

/**
 * GET /api/admin/hosts (and /api/admin/admin/hosts, the Refresh path of docs/product.md §21). `status` is a stored
 * statusHost value; `q` matches name and email (case-insensitive, `%` and `_` literal) and, when
 * numeric, the userId exactly. Without `sort` a page lists the newest hosts first (userId
 * descending); with `sort`, `order` defaults to asc, empty values (null or '') come last in both
 * directions and userId breaks ties. The CSV lists the selected hosts in userId order.
 */
export const declaration = declareList({
  name: 'hosts',
  paths: ['/api/admin/hosts', '/api/admin/admin/hosts'],
  sorts: ['name', 'statusHost', 'email', 'numberOfProperties'],
  statuses: HOST_STATUSES,
  defaultOrder: { order: 'desc' },
  searchFields: ['name', 'email'],
  /**
   * Joined from and to these days (UTC, both included): a bar of the dashboard's host chart; and
   * `suspended=true`, only the suspended hosts (src/contracts/user-suspension.ts).
   */
  filters: { createdFrom: 'date', createdTo: 'date', suspended: 'flag' },
  idSearch: { allowHash: false },
  /** docs/product.md §23: 8 hosts per page. */
  pageSize: 8,
  csvColumns: ['userId', 'name', 'email', 'statusHost', 'numberOfProperties', 'suspendedAt'],
  statusFilter: HOST_STATUS_FILTERS,
  /** The sidebar counts the hosts awaiting verification. */
  badge: { status: 'Pending' },
  labels: 'admin.hosts.list',
  access: 'hosts.read',
  // Approving moves any host not yet Confirmed (a Rejected one too); declining only a Pending one
  // (docs/product.md §19). Declining runs only in bulk: the detail approves alone.
  actions: approveAndDecline({
    permission: 'hosts.write',
    approve: { from: ['Confirmed'], isFromExcept: true, to: 'Confirmed', path: 'admin/update-status-host/:id', event: 'host.verified' },
    decline: { from: ['Pending'], to: 'Rejected', event: 'host.declined' },
    undoneEvent: 'host.decision-undone',
  }),
  batch: { nameField: 'name', awaiting: { field: 'statusHost', values: ['Confirmed'], isExcept: true }, recordType: 'host' },
  notes: { kind: 'host' },
  icon: 'team',
  menuOrder: 10,
  resource: {
    routes: { show: '/host-details/:id' },
    // docs/product.md §21 and §9: the host detail calls answer an envelope and give up after 10 s.
    endpoints: {
      getOne: { path: 'hosts/:id', ...HOST_DETAIL },
      update: { path: 'hosts/:id', ...HOST_DETAIL },
      deleteOne: { path: 'hosts/:id', ...HOST_DETAIL },
    },
    actions: {
      verification: { method: 'get', path: 'admin/user/:id' },
      summary: { method: 'get', path: 'admin/hosts/summary' },
      suspend: { method: 'post', path: 'admin/users/:id/suspend' },
      reinstate: { method: 'post', path: 'admin/users/:id/reinstate' },
    },
    idField: 'userId',
  },
});

export const definition = defineList(declaration, () => ({
  row: hostListItemSchema,
  summary:
    'Hosts: the whole array, one page with X-Total-Count when paging parameters are given, or format=csv (every host the search and status select, in userId order)',
}));
export type HostSort = ListSort<typeof declaration>;
