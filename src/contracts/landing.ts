// The landing page's two public forms and the admin screen "Data from Landing Page".
import { z } from 'zod';
import { isValidEmail, MAX_SHORT_TEXT_LENGTH, MAX_TEXT_LENGTH } from './common';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PUBLIC_RATE_LIMIT_MESSAGE = 'Too many submissions from your address. Please try again later.';

const limitedText = (label: string, maximum: number) => z.string(`${label} must be text`).max(maximum, `${label} must be at most ${maximum} characters`);

/** docs/product.md §20.4: free text, no required fields; stored exactly as sent (no trimming). */
export const hostInformationRequestSchema = z.object({
  name: limitedText('Name', MAX_SHORT_TEXT_LENGTH),
  email: limitedText('Email', MAX_SHORT_TEXT_LENGTH),
  phone: limitedText('Phone', MAX_SHORT_TEXT_LENGTH),
  address: limitedText('Address', MAX_TEXT_LENGTH),
});
export type HostInformationRequest = z.infer<typeof hostInformationRequestSchema>;

export const emailSubscriberRequestSchema = z.object({
  email: z
    .string(INVALID_EMAIL_MESSAGE)
    // abort: an over-long value is refused before any other check reads it.
    .max(MAX_SHORT_TEXT_LENGTH, { message: INVALID_EMAIL_MESSAGE, abort: true })
    .refine(isValidEmail, INVALID_EMAIL_MESSAGE),
});

/**
 * What both public forms answer, whatever the database held before: no row id (it would tell
 * anyone whether an address had subscribed already, or how many hosts have registered).
 */
export const receivedResponseSchema = z.object({ received: z.literal(true) });
export type ReceivedResponse = z.infer<typeof receivedResponseSchema>;

/** A stored submission as the admin lists show it: its row id, the values sent, and when they arrived. */
const submissionRowSchema = <Fields extends z.ZodRawShape>(fields: Fields) => z.object({ id: z.number().int(), ...fields, createdAt: z.string() });

export const hostInformationRowSchema = submissionRowSchema({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type HostInformationRow = z.infer<typeof hostInformationRowSchema>;

export const emailSubscriberRowSchema = submissionRowSchema({ email: z.string() });
export type EmailSubscriberRow = z.infer<typeof emailSubscriberRowSchema>;
