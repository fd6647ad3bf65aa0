// Download tickets for CSV exports (docs/decisions/022-exports-stream-through-download-tickets.md).
// The web app asks for a ticket with its bearer token, naming one list's path and its query; the
// browser's download manager then fetches the ticket's URL, which carries the ticket, never the token.
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './paging';

/** A ticket is good for this long after it is made, and once. */
export const EXPORT_TICKET_LIFETIME_SECONDS = 60;

/** 256 random bits in base64url: exactly 43 characters of the URL-safe alphabet. */
export const EXPORT_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where a ticket is redeemed: `${EXPORT_DOWNLOAD_PATH}/<ticket>`. */
export const EXPORT_DOWNLOAD_PATH = '/api/admin/exports';

/** At most this many query parameters name an export (a list has a handful). */
const MAX_QUERY_PARAMETERS = 20;

export const exportTicketRequestSchema = z.object({
  /** The list's API path, as its definition names it (`/api/admin/bookings`). */
  path: z.string().min(1).max(200),
  /** The list call's query as the screen would send it (`q`, `status`, `sort`, `order`, the list's own filters). */
  query: z
    .record(z.string().max(50), z.string().max(MAX_SEARCH_LENGTH))
    .refine((query) => Object.keys(query).length <= MAX_QUERY_PARAMETERS, { message: `At most ${MAX_QUERY_PARAMETERS} query parameters.` })
    .default({}),
});
export type ExportTicketRequest = z.input<typeof exportTicketRequestSchema>;

export const exportTicketSchema = z.object({
  /** The download's URL on this origin: the ticket in its path, good once until `expiresAt`. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ExportTicket = z.infer<typeof exportTicketSchema>;

export const exportTicketParamsSchema = z.object({
  ticket: z.string().regex(EXPORT_TICKET_PATTERN, 'A download ticket is 43 letters, digits, "-" or "_".'),
});

export const EXPORT_MESSAGES = {
  unknownList: 'There is no CSV export at this path.',
  ticketInvalid: 'This download has expired or was already used. Please export again.',
} as const;

export const EXPORT_REASONS = {
  ticketInvalid: 'export-ticket-invalid',
} as const;
