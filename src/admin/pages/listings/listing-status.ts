import { UNDECIDED_LISTING_STATUSES, type ListingStatus } from '../../../contracts/statuses';

/** Only an undecided listing (Pending, Pending For Verification) can still be approved or declined. */
export function isUndecided(status: ListingStatus): boolean {
  return (UNDECIDED_LISTING_STATUSES as readonly ListingStatus[]).includes(status);
}

/** The catalogue key of a listing status's label. */
export function listingStatusKey(status: string): string {
  return `admin.listings.statuses.${status}`;
}
