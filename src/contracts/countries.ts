// The countries the feedback screen shows with a flag (docs/product.md §23: 12 countries, default globe).

export interface FlaggedCountry {
  /** ISO 3166-1 alpha-2 code, upper case. */
  code: string;
  name: string;
}

export const FLAGGED_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'SO', name: 'Somalia' },
  { code: 'KE', name: 'Kenya' },
  { code: 'ET', name: 'Ethiopia' },
  { code: 'DJ', name: 'Djibouti' },
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'TR', name: 'Turkey' },
  { code: 'DE', name: 'Germany' },
  { code: 'SE', name: 'Sweden' },
  { code: 'NO', name: 'Norway' },
] as const satisfies readonly FlaggedCountry[];

export type FlaggedCountryName = (typeof FLAGGED_COUNTRIES)[number]['name'];

/** docs/product.md §15: a feedback without a country shows as this one. */
export const DEFAULT_FEEDBACK_COUNTRY: FlaggedCountryName = 'United States';

/** The flagged country of that name (case-insensitive), or undefined: the screen then shows a globe. */
export function findFlaggedCountry(name: string | null | undefined): FlaggedCountry | undefined {
  if (!name) return undefined;
  const wanted = name.trim().toLowerCase();
  return FLAGGED_COUNTRIES.find((country) => country.name.toLowerCase() === wanted);
}
