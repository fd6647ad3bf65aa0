// docs/product.md §3 and §23: the estimator's constants and rule.
export const NIGHTLY_RATE_USD = 33;
export const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 30;
export const DEFAULT_NIGHTS = 10;

/** Whole nights within 1..30, anything else brought into range. */
export function clampNights(nights: number): number {
  if (!Number.isFinite(nights)) return MIN_NIGHTS;
  return Math.min(MAX_NIGHTS, Math.max(MIN_NIGHTS, Math.round(nights)));
}

export function estimateEarnings(nights: number): number {
  return NIGHTLY_RATE_USD * clampNights(nights);
}

/** "$990" in both languages: the amount is in US dollars whatever the page language. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
}
