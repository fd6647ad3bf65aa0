import { z } from 'zod';

export const AUDIT_ENTITY_TYPES = ['host', 'listing', 'property', 'promo'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.number().int(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
  administratorEmail: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.coerce.number().int().min(1).max(2_147_483_647),
});
