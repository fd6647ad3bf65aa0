// The admin list `email-subscribers`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import type { ListSort } from '../list-resource';
import { emailSubscriberRowSchema } from '../landing';

export const declaration = declareList({
  name: 'email-subscribers',
  sorts: ['createdAt', 'email'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['email'],
  pageSize: 10,
  csvColumns: ['id', 'email', 'createdAt'],
  labels: 'admin.landingData.subscribers',
  tag: 'landing',
  access: 'landing.read',
  icon: 'database',
  menuOrder: 95,
  // The landing page's second list, shown as a tab of Data from Landing Page.
  resource: { labelKey: 'admin.nav.landingData', routes: { list: '/landing-data/subscribers' }, isHiddenFromMenu: true },
});

export const definition = defineList(declaration, () => ({
  row: emailSubscriberRowSchema,
  summary: 'E-mail subscribers, newest first: one page, every row, or format=csv (all rows or the searched ones)',
}));
export type EmailSubscriberSort = ListSort<typeof declaration>;
