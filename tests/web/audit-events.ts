// Audit trail entries as the API answers them (the details' History and Activity read the same rows).
import type { AuditEvent } from '../../src/contracts/audit';

/** A listing declined with `reason`: its status and decline reason before and after; `event` changes the rest. */
export function listingDeclineEvent(reason: string, event: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    action: 'listing.decline',
    entityType: 'listing',
    entityId: 3,
    reason,
    before: { status: 'Pending', declineReason: null },
    after: { status: 'Declined', declineReason: reason },
    createdAt: '2025-01-05T10:00:00.000Z',
    entityName: null,
    administratorEmail: 'a@hoy.test',
    administratorName: 'Administrator',
    ...event,
  };
}
