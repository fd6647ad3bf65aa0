// Property Approvals: list rows and the approve / decline decision with optimistic concurrency.
import { z } from 'zod';
import { decisionReasonSchema } from './listings';
import { PROPERTY_APPROVAL_STATUSES, type PropertyApprovalStatus } from './statuses';

export const propertyApprovalRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  address: z.string(),
  hostName: z.string(),
  status: z.enum(PROPERTY_APPROVAL_STATUSES),
  /** Send it back with a decision: a decision on a row changed since it was read is refused. */
  version: z.number().int(),
});
export type PropertyApprovalRow = z.infer<typeof propertyApprovalRowSchema>;

/** Body of approve and decline; the whole body may be left out. */
export const propertyDecisionRequestSchema = z
  .object({
    version: z.number().int().min(1).max(2_147_483_647).optional(),
    reason: decisionReasonSchema.optional(),
  })
  .nullish();

export const PROPERTY_NOT_FOUND_MESSAGE = 'Property not found';

/** The words the screen shows for a decided row ("Already Confirmed", "Already Declined"). */
export function propertyAlreadyDecidedMessage(status: Exclude<PropertyApprovalStatus, 'pending'>): string {
  return `This property was already ${status} by someone else.`;
}

export const PROPERTY_CHANGED_MESSAGE = 'This property was changed by someone else. Reload the list and try again.';

export const propertyDecisionResponseSchema = propertyApprovalRowSchema.extend({ message: z.string() });
export type PropertyDecisionResponse = z.infer<typeof propertyDecisionResponseSchema>;
