// Feedback: guest reviews as the feedback screen shows them, newest first.
import { z } from 'zod';
import { listQuerySchema } from './paging';

/** Cards per "Show More" step of the feedback screen (SPEC.md: 10). */
export const FEEDBACKS_PAGE_SIZE = 10;

export const FEEDBACK_SORTS = ['createdAt', 'rating'] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];

/**
 * The paged form of GET /api/admin/feedbacks. `q` matches the comments and the user's name
 * (case-insensitive, `%` and `_` literal). Without `sort`: createdAt desc (newest first); with
 * `sort`, `order` defaults to asc. Equal ratings keep the newest first. There is no status filter.
 */
export const feedbackListQuerySchema = listQuerySchema({ sorts: FEEDBACK_SORTS }).omit({ format: true });
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

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
