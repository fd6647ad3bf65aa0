// The promo screens' checks, from the rules of src/contracts/promos.ts (the server applies the same ones),
// and the server's messages put back at their field in the screen's language.
import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import {
  MAX_FREE_STAYS,
  MAX_PROMO_CODE_LENGTH,
  MAX_PROMO_VALUE,
  PROMO_MESSAGES,
  guestPromoSchema,
  hostPromoSchema,
  isDateBefore,
} from '../../../contracts/promos';

type PromoMessageKey = keyof typeof PROMO_MESSAGES;

/** Dates travel as YYYY-MM-DD; the picker shows "Oct 31, 2025" and also reads typed ISO dates. */
const PROMO_DATE_FORMAT = 'YYYY-MM-DD';
export const PROMO_DATE_DISPLAY_FORMATS = ['MMM D, YYYY', PROMO_DATE_FORMAT];

/** Today as the server counts it (UTC), so the screen refuses exactly what the server refuses. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A server or contract message in the screen's language (an unknown message is shown as it came). */
export function translatePromoMessage(t: TFunction, message: string): string {
  const key = (Object.keys(PROMO_MESSAGES) as PromoMessageKey[]).find((candidate) => PROMO_MESSAGES[candidate] === message);
  return key ? t(`admin.promos.errors.${key}`, { maxValue: MAX_PROMO_VALUE, maxStays: MAX_FREE_STAYS, maxLength: MAX_PROMO_CODE_LENGTH }) : message;
}

const FIELD_OF_MESSAGE: Partial<Record<PromoMessageKey, 'date' | 'promoCode' | 'promoValue' | 'freeStays'>> = {
  dateInvalid: 'date',
  promoCode: 'promoCode',
  promoCodeTaken: 'promoCode',
  promoValue: 'promoValue',
  freeStays: 'freeStays',
};

/** Which field a server message is about ('date' is the screen's date field), or undefined for the whole form. */
export function fieldOfPromoMessage(message: string): 'date' | 'promoCode' | 'promoValue' | 'freeStays' | undefined {
  const key = (Object.keys(PROMO_MESSAGES) as PromoMessageKey[]).find((candidate) => PROMO_MESSAGES[candidate] === message);
  return key ? FIELD_OF_MESSAGE[key] : undefined;
}

function schemaRule(t: TFunction, schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const checked = schema.safeParse(value ?? undefined);
      if (!checked.success) throw new Error(translatePromoMessage(t, checked.error.issues[0]?.message ?? ''));
    },
  };
}

export function promoCodeRules(t: TFunction): Rule[] {
  return [schemaRule(t, guestPromoSchema.shape.promoCode)];
}

export function promoValueRules(t: TFunction): Rule[] {
  return [schemaRule(t, guestPromoSchema.shape.promoValue)];
}

export function freeStaysRules(t: TFunction): Rule[] {
  return [schemaRule(t, hostPromoSchema.shape.freeStays)];
}

/** A real date (the contract's rule). A past date is saved too: the screen warns that the promo has expired. */
export function promoDateRules(t: TFunction): Rule[] {
  return [schemaRule(t, hostPromoSchema.shape.validityEnds)];
}

/** Form.Item props that keep the date as YYYY-MM-DD text in the form while the picker works with dayjs. */
export const promoDateItemProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value !== '' ? dayjs(value) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format(PROMO_DATE_FORMAT) : ''),
};

/** Whether a promo's date (YYYY-MM-DD) lies before today: the promo has expired. */
export function isExpiredPromoDate(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && isDateBefore(value, todayUtc());
}
