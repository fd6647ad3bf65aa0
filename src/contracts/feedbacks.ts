// Feedback: guest reviews as the feedback screen shows them, newest first.
import { z } from 'zod';
import { defineList, listDefinitionQuerySchema, type ListSort } from './list-resource';

/** Cards per "Show More" step of the feedback screen (docs/product.md §23: 10). */
export const FEEDBACKS_PAGE_SIZE = 10;

export const feedbackSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comments: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** null when the user's account is gone. */
  User: z.object({ name: z.string(), email: z.string().nullable(), country: z.string().nullable() }).nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/**
 * GET /api/admin/feedbacks. `q` matches the comments and the user's name (case-insensitive, `%` and
 * `_` literal). Without `sort`: newest first; with `sort`, `order` defaults to asc. Equal ratings keep
 * the newest first. There is no status filter and no CSV.
 */
export const feedbackList = defineList({
  name: 'feedbacks',
  row: feedbackSchema,
  sorts: ['createdAt', 'rating'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  searchFields: ['comments', 'User.name'],
  pageSize: FEEDBACKS_PAGE_SIZE,
  labels: 'admin.feedback',
  tag: 'feedback',
  summary: 'Feedback newest first: the whole array, or one page with X-Total-Count when paging parameters are given',
  access: 'feedback.read',
});
export type FeedbackSort = ListSort<typeof feedbackList>;
export const feedbackListQuerySchema = listDefinitionQuerySchema(feedbackList);
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;
