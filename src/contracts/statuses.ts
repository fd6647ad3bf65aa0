// Every status vocabulary, written once and used by the database schema, the API and the web app.

/** statusHost as stored. Older data may also hold true / false / null (docs/product.md §19); see normalizeHostStatus. */
export const HOST_STATUSES = ['Pending', 'Confirmed', 'Rejected'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

/** The host list's filter buttons and the values they select. */
export const HOST_STATUS_FILTERS = { approved: 'Confirmed', pending: 'Pending', rejected: 'Rejected' } as const;

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A listing's review status. 'Rejected' and 'Pending For Verification' come from older data. */
export const LISTING_STATUSES = ['Pending', 'Approved', 'Declined', 'Rejected', 'Pending For Verification'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Only these listing statuses can still be approved or declined. */
export const UNDECIDED_LISTING_STATUSES = ['Pending', 'Pending For Verification'] as const satisfies readonly ListingStatus[];

/** The filter buttons of Review Listings and the status each selects (Decline selects 'Declined'). */
export const LISTING_STATUS_FILTERS = { pending: 'Pending', decline: 'Declined' } as const;

export const PROPERTY_APPROVAL_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type PropertyApprovalStatus = (typeof PROPERTY_APPROVAL_STATUSES)[number];

export const PROMO_KINDS = ['guest', 'host_new_joiner', 'host_regular'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** docs/product.md §19: approved = 'Confirmed' or true; rejected = 'Rejected' or false; otherwise pending. */
export function normalizeHostStatus(value: unknown): HostStatus {
  if (value === true || value === 'Confirmed') return 'Confirmed';
  if (value === false || value === 'Rejected') return 'Rejected';
  return 'Pending';
}

/** The kinds of record the audit trail keeps; Activity's status filter. */
export const AUDIT_ENTITY_TYPES = ['host', 'listing', 'property', 'promo', 'staff', 'booking', 'guest'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
