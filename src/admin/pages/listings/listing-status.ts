/** The catalogue key of a listing status's label. */
export function listingStatusKey(status: string): string {
  return `admin.listings.statuses.${status}`;
}
