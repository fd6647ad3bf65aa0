// Guests: every user who is not a host. The list's row and the guest page's calls (docs/product.md, Guests).
import { z } from 'zod';

/** A guest as the list shows it. `phone` is the country code and number as one text; null when there is none. */
export const guestListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** When they joined, ISO 8601. */
  createdAt: z.string(),
  /** Since when they are suspended (src/contracts/user-suspension.ts), ISO 8601; null while active. */
  suspendedAt: z.string().nullable(),
});
export type GuestListItem = z.infer<typeof guestListItemSchema>;

/** GET /api/admin/guests/:id: the guest page's details. */
export const guestDetailSchema = guestListItemSchema.extend({
  country: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type GuestDetail = z.infer<typeof guestDetailSchema>;

export const GUEST_NOT_FOUND_MESSAGE = 'Guest not found';

/** The guest page's short tables: a page of a few rows, newest first. */
export const GUEST_SECTION_PAGE_SIZE = 5;
export const guestSectionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** One of the guest's bookings, linked to the bookings list searched by its id. */
export const guestBookingSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  total: z.number(),
  propertyTitle: z.string().nullable(),
});
export type GuestBooking = z.infer<typeof guestBookingSchema>;

/** One feedback the guest gave. */
export const guestFeedbackSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type GuestFeedback = z.infer<typeof guestFeedbackSchema>;

/** One of the guest's conversations, linked to Chats (`/chats?conversation=<id>`). */
export const guestConversationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  unreadCount: z.number().int(),
  lastMessageAt: z.string(),
});
export type GuestConversation = z.infer<typeof guestConversationSchema>;

/** A page of one section and the section's whole count. */
const sectionPageSchema = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total: z.number().int().min(0) });
export const guestBookingsPageSchema = sectionPageSchema(guestBookingSchema);
export const guestFeedbackPageSchema = sectionPageSchema(guestFeedbackSchema);
export const guestConversationsPageSchema = sectionPageSchema(guestConversationSchema);
export type GuestSectionPage<Row> = { rows: Row[]; total: number };
