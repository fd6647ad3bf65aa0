// Guests: every user who is not a host. The list's row (docs/product.md §30).
import { z } from 'zod';

/** A guest as the list shows it. `phone` is the country code and number as one text; null when there is none. */
export const guestListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** When they joined, ISO 8601. */
  createdAt: z.string(),
});
export type GuestListItem = z.infer<typeof guestListItemSchema>;
