// Review Listings and the listing approval detail: list rows, the full listing, and the decision calls.
import { z } from 'zod';
import { fieldsOf } from './common';
import { LISTING_STATUSES, type ListingStatus } from './statuses';

import { MAX_DECISION_REASON_LENGTH } from './list-declaration';

export { MAX_DECISION_REASON_LENGTH };

export const listingRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(LISTING_STATUSES),
  address: z.string(),
  hostName: z.string(),
  propertyId: z.number().int(),
});
export type ListingRow = z.infer<typeof listingRowSchema>;

/** The amenities a listing may offer, in the order the detail lists them: each a yes / no field of the detail. */
export const LISTING_AMENITY_FLAGS = [
  'isWifi',
  'isTv',
  'isKitchen',
  'isWasher',
  'isFreeParking',
  'isPaidParking',
  'isAC',
  'isWorkspace',
  'isPetAllowed',
] as const;
export type ListingAmenityFlag = (typeof LISTING_AMENITY_FLAGS)[number];

/** The listing approval detail, with the field names of docs/product.md §18. */
export const listingDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  city: z.string(),
  country: z.string(),
  status: z.enum(LISTING_STATUSES),
  price: z.number(),
  User: z.object({ name: z.string() }),
  PropertyType: z.object({ name: z.string() }),
  description: z.string(),
  placeType: z.string(),
  adultCount: z.number().int(),
  childrenCount: z.number().int(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  ...fieldsOf(LISTING_AMENITY_FLAGS, () => z.boolean()),
  isRequestBooking: z.boolean(),
  isCancellationAllowed: z.boolean(),
  LatLoc: z.number(),
  LngLoc: z.number(),
  PropertyImages: z.array(z.object({ url: z.string() })),
  declineReason: z.string().nullable(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const decisionReasonSchema = z.string().max(MAX_DECISION_REASON_LENGTH, `The reason must be at most ${MAX_DECISION_REASON_LENGTH} characters`);

/** Body of approve and decline; the whole body may be left out. */
export const listingDecisionRequestSchema = z.object({ reason: decisionReasonSchema.optional() }).nullish();

export const listingDecisionResponseSchema = z.object({
  id: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  message: z.string(),
});
export type ListingDecisionResponse = z.infer<typeof listingDecisionResponseSchema>;

export const LISTING_NOT_FOUND_MESSAGE = 'Listing not found';

/** docs/product.md §10: the message after a status change. */
export function listingStatusUpdatedMessage(status: ListingStatus): string {
  return `Status updated to ${status} successfully!`;
}

export function listingAlreadyDecidedMessage(status: ListingStatus): string {
  return `This listing was already ${status.toLowerCase()}.`;
}
