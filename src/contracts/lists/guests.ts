// The admin list `guests`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import type { ListSort } from '../list-resource';
import { guestListItemSchema } from '../guests';

/**
 * GET /api/admin/guests: every user who is not a host. `q` matches name and e-mail (case-insensitive,
 * `%` and `_` literal) and, as `123` or `#123`, the id exactly. Without `sort` the newest guests come
 * first (id descending); with `sort`, `order` defaults to asc, empty names, e-mails and phones come
 * last in both directions and the id breaks ties. The CSV lists the selected guests in id order.
 */
export const declaration = declareList({
  name: 'guests',
  sorts: ['id', 'name', 'email', 'phone', 'createdAt'],
  defaultOrder: { order: 'desc' },
  searchFields: ['name', 'email'],
  idSearch: { allowHash: true },
  pageSize: 10,
  /** `suspended=true`: only the suspended guests (src/contracts/user-suspension.ts). */
  filters: { suspended: 'flag' },
  csvColumns: ['id', 'name', 'email', 'phone', 'createdAt', 'suspendedAt'],
  // The roles that read Hosts (src/contracts/roles.ts, `hosts.read`).
  access: { readers: ['moderator', 'support', 'viewer'] },
  icon: 'user',
  // Right after Hosts (10), before Property Approvals (20).
  menuOrder: 15,
  resource: {
    routes: { show: '/guests/:id' },
    endpoints: { getOne: { path: 'admin/guests/:id' } },
    actions: {
      bookings: { method: 'get', path: 'admin/guests/:id/bookings' },
      feedback: { method: 'get', path: 'admin/guests/:id/feedback' },
      conversations: { method: 'get', path: 'admin/guests/:id/conversations' },
      suspend: { method: 'post', path: 'admin/users/:id/suspend' },
      reinstate: { method: 'post', path: 'admin/users/:id/reinstate' },
    },
  },
});

export const definition = defineList(declaration, () => ({
  row: guestListItemSchema,
  summary:
    'Guests (users who are not hosts): the whole array, one page with X-Total-Count when paging parameters are given, or format=csv (every guest the search selects, in id order)',
}));
export type GuestSort = ListSort<typeof declaration>;
