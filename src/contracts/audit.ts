import { z } from 'zod';
import { AUDIT_ENTITY_TYPES } from './statuses';

export { AUDIT_ENTITY_TYPES, type AuditEntityType } from './statuses';
/** The records whose history the details screens show (a staff account's changes are in Activity). */
export const HISTORY_ENTITY_TYPES = ['host', 'listing', 'property', 'promo'] as const;

export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.number().int(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
  /** The record as a person reads it (name or title) when the entry was written; null for older entries of records gone. */
  entityName: z.string().nullable(),
  /** Who did it: the staff member's e-mail and name (null when the account is gone). */
  administratorEmail: z.string().nullable(),
  administratorName: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  entityType: z.enum(HISTORY_ENTITY_TYPES),
  entityId: z.coerce.number().int().min(1).max(2_147_483_647),
});
