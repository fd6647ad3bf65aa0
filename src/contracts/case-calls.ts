// The cases' calls and live change, without zod: the back-office's first load reads them (src/admin/resources.ts).

/** The live change of a case (named by its id), read by cases.read; the sidebar's badge counts the overdue. */
export const CASES_LIVE_RESOURCE = 'cases';

/** The calls, as the back-office's registry names them (src/admin/resources.ts). */
export const CASE_PATHS = {
  list: 'admin/cases',
  one: 'admin/cases/:id',
  takeNext: 'admin/cases/take-next',
  release: 'admin/cases/:id/release',
  close: 'admin/cases/:id/close',
  flagBooking: 'admin/bookings/:id/flag',
} as const;
