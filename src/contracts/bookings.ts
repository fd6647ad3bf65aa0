// Bookings: the list (the fields of docs/product.md §18, User and Property nested) and its count cards.
import { z } from 'zod';
import { countsSchema } from './common';
import { BOOKING_STATUSES } from './statuses';

export const bookingSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** YYYY-MM-DD, or null when unknown. */
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  total: z.number(),
  adultCount: z.number().int(),
  childrenCount: z.number().int(),
  isPetComing: z.boolean(),
  isCancelled: z.boolean(),
  isDisputed: z.boolean(),
  /** null when the guest's account is gone. */
  /** The guest; `suspendedAt` (ISO 8601) while they are suspended, else null. */
  User: z.object({ name: z.string(), email: z.string().nullable(), suspendedAt: z.string().nullable() }).nullable(),
  /** null when the property is gone. */
  Property: z.object({ title: z.string(), address: z.string() }).nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A person a booking names: their id (for their page), name, and `suspendedAt` (ISO 8601) while suspended. */
const bookingPartySchema = z.object({ id: z.number().int(), name: z.string(), suspendedAt: z.string().nullable() });

/**
 * GET /api/admin/bookings/:id/parties: who a booking is between, for its side panel's links: the guest,
 * the property and its host (each null when gone).
 */
export const bookingPartiesSchema = z.object({
  guest: bookingPartySchema.nullable(),
  property: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  host: bookingPartySchema.nullable(),
});
export type BookingParties = z.infer<typeof bookingPartiesSchema>;

/** The count cards, the total and one for each status: every booking, whatever the search or filter of the list. */
export const bookingSummarySchema = countsSchema(['total', ...BOOKING_STATUSES]);
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
