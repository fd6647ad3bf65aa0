// The admin list `property-approvals`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { approveAndDecline } from '../record-action';
import type { ListSort } from '../list-resource';
import { PROPERTY_APPROVAL_STATUSES } from '../statuses';
import { propertyApprovalRowSchema } from '../property-approvals';

/** Property Approvals: `q` matches title, address and host name; without `sort`, the repository's own order. */
export const declaration = declareList({
  name: 'property-approvals',
  sorts: ['title', 'address', 'hostName', 'status'],
  statuses: PROPERTY_APPROVAL_STATUSES,
  /** The sidebar counts the properties awaiting a decision. */
  badge: { status: 'pending' },
  defaultOrder: { order: 'asc' },
  searchFields: ['title', 'address', 'hostName'],
  /** docs/product.md §23: 8 properties per page. */
  pageSize: 8,
  access: 'listings.read',
  actions: approveAndDecline({
    permission: 'listings.decide',
    approve: { from: ['pending'], to: 'confirmed', path: 'admin/property-approvals/:id/approve', event: 'property.confirmed' },
    decline: { from: ['pending'], to: 'declined', path: 'admin/property-approvals/:id/decline', event: 'property.declined' },
    undoneEvent: 'property.decision-undone',
  }),
  batch: { nameField: 'title', awaiting: { field: 'status', values: ['pending'] }, recordType: 'listing' },
  // A property's notes are its listing's: one record, whichever list opens it.
  notes: { kind: 'listing' },
  icon: 'home',
  menuOrder: 20,
});

export const definition = defineList(declaration, () => ({
  row: propertyApprovalRowSchema,
  summary: 'Property Approvals: one page (q over title, address and host name) or, without paging parameters, every property',
}));
export type PropertyApprovalSort = ListSort<typeof declaration>;
