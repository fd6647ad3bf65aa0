// The dashboard's counts: exact, over the whole database.
import { z } from 'zod';
import { bookingSummarySchema } from './bookings';
import { hostSummarySchema } from './hosts';

export const dashboardSchema = z.object({
  hosts: hostSummarySchema,
  /** Listings whose review is still open (listing status 'Pending'). */
  listingsAwaitingDecision: z.number().int(),
  /** Properties whose approval is still open (approval status 'pending'). */
  propertiesAwaitingApproval: z.number().int(),
  bookings: bookingSummarySchema,
  feedback: z.object({
    count: z.number().int(),
    /** Mean rating rounded to one decimal; null without any feedback. */
    averageRating: z.number().nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
