// The headers a list page answers with (src/contracts/paging.ts re-exports them). No zod here: the
// back-office's data provider reads them, and its first load carries no validation library.
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * On a page whose exact total would cost more than the page (a search matching most of a million
 * rows): the rows come at once with this header instead of X-Total-Count, and the total follows from
 * the list's `/total` call with the same search and filters (docs/decisions/021).
 */
export const TOTAL_PENDING_HEADER = 'x-total-pending';
