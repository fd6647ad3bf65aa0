// The admin list `feedbacks`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { SUSPENSIONS_LIVE_RESOURCE } from '../live';
import type { ListSort } from '../list-resource';
import { feedbackSchema } from '../feedbacks';

/**
 * GET /api/admin/feedbacks. `q` matches the comments and the user's name (case-insensitive, `%` and
 * `_` literal). Without `sort`: newest first; with `sort`, `order` defaults to asc. Equal ratings keep
 * the newest first. There is no status filter and no CSV.
 */
export const declaration = declareList({
  name: 'feedbacks',
  sorts: ['createdAt', 'rating'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['comments', 'User.name'],
  /** Cards per "Show More" step (docs/product.md §23: 10). */
  pageSize: 10,
  labels: 'admin.feedback',
  tag: 'feedback',
  access: 'feedback.read',
  icon: 'comment',
  menuOrder: 70,
  /** A card names its author, suspended or not. */
  follows: [SUSPENSIONS_LIVE_RESOURCE],
  resource: { routes: { list: '/feedback' } },
});

export const definition = defineList(declaration, () => ({
  row: feedbackSchema,
  summary: 'Feedback newest first: the whole array, or one page with X-Total-Count when paging parameters are given',
}));
export type FeedbackSort = ListSort<typeof declaration>;
