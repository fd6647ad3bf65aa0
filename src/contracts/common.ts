// Schemas shared by several calls.
import { z } from 'zod';

/** Row ids in paths: positive 32-bit integers (anything else is a 404 or 400, never a 5xx). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The error body of every failed call. Host-detail calls add `success: false` (SPEC.md section 7). */
export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  success: z.literal(false).optional(),
});
export type ErrorBody = z.infer<typeof errorSchema>;

/** Longest text any free-text field accepts: generous for addresses and comments, bounded for abuse. */
export const MAX_TEXT_LENGTH = 5000;
export const MAX_SHORT_TEXT_LENGTH = 320;
