// Shared display formatting for the admin screens: dates "Jan 5, 2025", money "$1,234.50" and relative times (docs/product.md §12 and §15).
// Dates use dayjs's global locale, which src/admin/ui-locale.ts keeps on the admin's language; money is USD in every language.
import dayjs from 'dayjs';

type DateInput = string | number | Date | null | undefined;

/** Texts shown instead of a date; callers pass translated ones, the English defaults follow docs/product.md §12. */
interface FallbackTexts {
  missing?: string;
  invalid?: string;
}

const DEFAULT_MISSING = 'N/A';
const DEFAULT_INVALID = 'Invalid Date';
const DAY_MS = 24 * 60 * 60 * 1000;

function isMissing(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** A date as "Jan 5, 2025" ("Ogo 5, 2025" for August in Somali); "N/A" when missing, "Invalid Date" when it cannot be read. */
export function formatDate(value: DateInput, texts: FallbackTexts = {}): string {
  if (isMissing(value)) return texts.missing ?? DEFAULT_MISSING;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY') : (texts.invalid ?? DEFAULT_INVALID);
}

/** A date and time as "Jan 5, 2025, 3:04 PM" (audit trails; Somali writes "GD" for PM); same fallbacks as formatDate. */
export function formatDateTime(value: DateInput, texts: FallbackTexts = {}): string {
  if (isMissing(value)) return texts.missing ?? DEFAULT_MISSING;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY, h:mm A') : (texts.invalid ?? DEFAULT_INVALID);
}

/** A date and time to the second, "Jan 5, 2025, 3:04:05 PM" (a delivery's attempts, seconds apart); same fallbacks as formatDate. */
export function formatDateTimeToSecond(value: DateInput, texts: FallbackTexts = {}): string {
  if (isMissing(value)) return texts.missing ?? DEFAULT_MISSING;
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY, h:mm:ss A') : (texts.invalid ?? DEFAULT_INVALID);
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in dollars as "$1,234.50" in both languages; "N/A" when missing or not a number. */
export function formatMoney(amount: number | string | null | undefined, texts: Pick<FallbackTexts, 'missing'> = {}): string {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return texts.missing ?? DEFAULT_MISSING;
  return usdFormat.format(value);
}

type RelativeUnit = 'day' | 'week' | 'month' | 'year';

/**
 * The relative-time bucket of docs/product.md §15 for the distance between date and now:
 * 1 day (anything up to a day), days under 7, weeks under 30 days, months under 365 days, then years.
 * Returns null when the date is missing or unreadable.
 */
export function relativeTimeBucket(value: DateInput, now: DateInput = new Date()): { count: number; unit: RelativeUnit } | null {
  if (isMissing(value)) return null;
  const date = dayjs(value);
  const reference = dayjs(now ?? undefined);
  if (!date.isValid() || !reference.isValid()) return null;
  // Whole days, rounded up, never below one: "1 day ago" is the smallest bucket.
  const days = Math.max(1, Math.ceil(Math.abs(reference.valueOf() - date.valueOf()) / DAY_MS));
  if (days < 7) return { count: days, unit: 'day' };
  if (days < 30) return { count: Math.floor(days / 7), unit: 'week' };
  if (days < 365) return { count: Math.floor(days / 30), unit: 'month' };
  return { count: Math.floor(days / 365), unit: 'year' };
}
