// Promo codes: the overview cards and the three promo screens (guest, host new joiner, host regular).
import { z } from 'zod';
import type { PromoKind } from './statuses';

/** The promo kinds as they appear in URLs (/api/admin/promos/:kind). */
export const PROMO_URL_KINDS = ['guest', 'host-new-joiner', 'host-regular'] as const;
export type PromoUrlKind = (typeof PROMO_URL_KINDS)[number];

export const PROMO_KIND_BY_URL = {
  guest: 'guest',
  'host-new-joiner': 'host_new_joiner',
  'host-regular': 'host_regular',
} as const satisfies Record<PromoUrlKind, PromoKind>;

export function toPromoUrlKind(kind: PromoKind): PromoUrlKind {
  return PROMO_URL_KINDS.find((urlKind) => PROMO_KIND_BY_URL[urlKind] === kind) as PromoUrlKind;
}

export const PROMO_STATUSES = ['Active', 'Inactive'] as const;
export const MAX_PROMO_CODE_LENGTH = 32;
export const MAX_PROMO_VALUE = 100;
export const MAX_FREE_STAYS = 365;

/** docs/product.md §14: the values the promo screens start from (a sample code, an October 2025 date, 5%, 5 free stays, active). */
export const PROMO_DEFAULTS = {
  promoCode: 'HOY5',
  validUntil: '2025-10-31',
  promoValue: 5,
  freeStays: 5,
  isActive: true,
  names: { guest: 'Guest Promo', host_new_joiner: 'New Joiner Promo', host_regular: 'Regular Promo' },
} as const satisfies { names: Record<PromoKind, string> } & Record<string, unknown>;

export const PROMO_MESSAGES = {
  notFound: 'Promo not found',
  dateInvalid: 'Please enter a real date as YYYY-MM-DD',
  promoValue: `Promo value must be a whole number from 1 to ${MAX_PROMO_VALUE}`,
  freeStays: `Number of free stays must be a whole number from 1 to ${MAX_FREE_STAYS}`,
  promoCode: `Promo code must be 1 to ${MAX_PROMO_CODE_LENGTH} letters or digits`,
  promoCodeTaken: 'This promo code is already used by another promo',
  activation: 'Activation must be true or false',
  changed: 'This promo was changed by someone else. Reload it and try again.',
} as const;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Dates as YYYY-MM-DD compare correctly as text. */
export function isDateBefore(value: string, today: string): boolean {
  return value < today;
}

const dateSchema = z.string(PROMO_MESSAGES.dateInvalid).refine(isRealDate, PROMO_MESSAGES.dateInvalid);
const versionSchema = z.number().int().min(1).max(2_147_483_647).optional();

export const guestPromoSchema = z.object({
  promoCode: z.string(PROMO_MESSAGES.promoCode).regex(new RegExp(`^[A-Za-z0-9]{1,${MAX_PROMO_CODE_LENGTH}}$`), PROMO_MESSAGES.promoCode),
  validUntil: dateSchema,
  promoValue: z
    .number(PROMO_MESSAGES.promoValue)
    .int(PROMO_MESSAGES.promoValue)
    .min(1, PROMO_MESSAGES.promoValue)
    .max(MAX_PROMO_VALUE, PROMO_MESSAGES.promoValue),
  activation: z.boolean(PROMO_MESSAGES.activation),
});

export const hostPromoSchema = z.object({
  validityEnds: dateSchema,
  freeStays: z.number(PROMO_MESSAGES.freeStays).int(PROMO_MESSAGES.freeStays).min(1, PROMO_MESSAGES.freeStays).max(MAX_FREE_STAYS, PROMO_MESSAGES.freeStays),
  isActive: z.boolean(PROMO_MESSAGES.activation),
});

/** PUT bodies: the screen state, plus the version read, to refuse overwriting someone else's change. */
export const guestPromoUpdateSchema = guestPromoSchema.extend({ version: versionSchema });
export const hostPromoUpdateSchema = hostPromoSchema.extend({ version: versionSchema });
export type GuestPromoUpdate = z.infer<typeof guestPromoUpdateSchema>;
export type HostPromoUpdate = z.infer<typeof hostPromoUpdateSchema>;

/** What every promo's answer starts with: which promo, its version and its last change. */
const promoStateMetadataSchema = z.object({
  kind: z.enum(PROMO_URL_KINDS),
  name: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});

/** Answers are described loosely: a stored value is shown as it is, even one today's rules would refuse. */
export const guestPromoStateSchema = promoStateMetadataSchema.extend({
  promoCode: z.string(),
  validUntil: z.string(),
  promoValue: z.number().int(),
  activation: z.boolean(),
});
export const hostPromoStateSchema = promoStateMetadataSchema.extend({
  validityEnds: z.string(),
  freeStays: z.number().int(),
  isActive: z.boolean(),
});
export const promoStateSchema = z.union([guestPromoStateSchema, hostPromoStateSchema]);
export type GuestPromoState = z.infer<typeof guestPromoStateSchema>;
export type HostPromoState = z.infer<typeof hostPromoStateSchema>;
export type PromoState = z.infer<typeof promoStateSchema>;

/** One card of the Promo Code overview. */
export const promoSummarySchema = z.object({
  kind: z.enum(PROMO_URL_KINDS),
  name: z.string(),
  status: z.enum(PROMO_STATUSES),
  validUntil: z.string(),
  numberOfStays: z.number().int().optional(),
  promoCode: z.string().optional(),
  promoValue: z.number().int().optional(),
});
export type PromoSummary = z.infer<typeof promoSummarySchema>;

export const promoKindParamsSchema = z.object({ kind: z.string().max(50) });
