// Schemas shared by several calls.
import { z } from 'zod';

/** Row ids in paths: positive 32-bit integers (anything else is a 404 or 400, never a 5xx). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The error body of every failed call. Host-detail calls add `success: false` (docs/product.md §21). */
export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  success: z.literal(false).optional(),
  /** A machine-readable cause where the web app must tell causes apart (an expired session). */
  reason: z.string().optional(),
});

/** Fields of one kind, one for each key in the keys' order, each its own `field()`. */
export function fieldsOf<const Key extends string, Field extends z.ZodType>(keys: readonly Key[], field: () => Field): Record<Key, Field> {
  return Object.fromEntries(keys.map((key) => [key, field()])) as Record<Key, Field>;
}

/** The totals of count cards: a whole number for each key, in the keys' order. */
export function countsSchema<const Key extends string>(keys: readonly [Key, ...Key[]]) {
  return z.object(fieldsOf(keys, () => z.number().int()));
}

/** Longest text any free-text field accepts: generous for addresses and comments, bounded for abuse. */
export const MAX_TEXT_LENGTH = 5000;
export const MAX_SHORT_TEXT_LENGTH = 320;

/**
 * The e-mail rule of docs/product.md §20.1: text, '@', text, a dot, text, no spaces. Written without a regular
 * expression (one pass over the text) so that no input, however long, can make it backtrack.
 */
export function isValidEmail(email: string): boolean {
  if (/\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return !domain.includes('@') && domain.slice(1, -1).includes('.');
}

export const DAY_MESSAGE = 'Dates must be real days written YYYY-MM-DD.';

/** A day as YYYY-MM-DD that the calendar has (no 2025-02-30): the dashboard's ranges and the lists' created-on filters. */
export const daySchema = z.string().refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}, DAY_MESSAGE);
