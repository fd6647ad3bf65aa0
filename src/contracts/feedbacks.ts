// Feedback: guest reviews as the feedback screen shows them, newest first.
import { z } from 'zod';

export const feedbackSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comments: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** null when the user's account is gone; `suspendedAt` (ISO 8601) while they are suspended, else null. */
  User: z.object({ name: z.string(), email: z.string().nullable(), country: z.string().nullable(), suspendedAt: z.string().nullable() }).nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
