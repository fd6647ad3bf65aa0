// Feedback: guest reviews as the feedback screen shows them, newest first.
import { z } from 'zod';
import { feedbackListDeclaration } from './admin-lists';
import { defineList, type ListSort } from './list-resource';

/** Cards per "Show More" step of the feedback screen. */
export const FEEDBACKS_PAGE_SIZE = feedbackListDeclaration.pageSize;

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

export const feedbackList = defineList({
  ...feedbackListDeclaration,
  row: feedbackSchema,
  summary: 'Feedback newest first: the whole array, or one page with X-Total-Count when paging parameters are given',
});
export type FeedbackSort = ListSort<typeof feedbackList>;
