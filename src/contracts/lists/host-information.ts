// The admin list `host-information`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import type { ListSort } from '../list-resource';
import { hostInformationRowSchema } from '../landing';

/** Both lists: newest first unless the call names a sort; `format=csv` downloads all rows, or the searched ones, in the same order. */
export const declaration = declareList({
  name: 'host-information',
  sorts: ['createdAt', 'name', 'email', 'phone', 'address'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['name', 'email', 'phone', 'address'],
  pageSize: 10,
  csvColumns: ['id', 'name', 'email', 'phone', 'address', 'createdAt'],
  labels: 'admin.landingData.hostInterest',
  tag: 'landing',
  access: 'landing.read',
  icon: 'database',
  menuOrder: 90,
  // Data from Landing Page: its first tab, the host form's submissions.
  resource: { name: 'landing-data' },
});

export const definition = defineList(declaration, () => ({
  row: hostInformationRowSchema,
  summary: 'Host form submissions, newest first: one page, every row, or format=csv (all rows or the searched ones)',
}));
export type HostInformationSort = ListSort<typeof declaration>;
