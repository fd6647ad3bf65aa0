// Hosts: the counts of the cards, the detail and its edit rules, approval and deletion (the list's
// rows come from hostsListSource, hosts.repository.ts). Every change is written together with its
// audit record in one transaction.
import {
  HOST_NOT_FOUND_MESSAGE,
  validateHostEdit,
  type HostDetail,
  type HostEditValues,
  type HostListItem,
  type HostSummary,
  type UserDetailsResponse,
} from '../../../src/contracts/hosts';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { ReviewService } from '../review/review.service';
import { toHostListItem, type HostDetailRow, type HostsRepository } from './hosts.repository';

function toHostDetail(row: HostDetailRow): HostDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    propertyAddress: row.propertyAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
  };
}

const editedValues = (row: HostDetailRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  propertyAddress: row.propertyAddress,
});

interface HostsServiceDeps {
  db: Database;
  repository: HostsRepository;
  audit: AuditService;
  clock: Clock;
  /** Runs the hosts' declared actions (src/contracts/lists/hosts.ts). */
  review: ReviewService;
}

export function createHostsService({ db, repository, audit, clock, review }: HostsServiceDeps) {
  return {
    async summary(): Promise<HostSummary> {
      return repository.summarize();
    },

    async userDetails(id: number): Promise<UserDetailsResponse> {
      const row = await repository.findUserWithVerification(id);
      if (!row) throw new NotFoundError('User not found');
      return {
        userDetails: {
          name: row.name,
          email: row.email,
          phoneCountryCode: row.phoneCountryCode,
          phoneNumber: row.phone,
          about: row.about,
          createdAt: row.createdAt.toISOString(),
          profilePicture: row.profilePictureUrl,
        },
        hostVerificationDetails: row.verification ? { ...row.verification, createdAt: row.verification.createdAt.toISOString() } : null,
      };
    },

    async getHost(id: number): Promise<HostDetail> {
      const row = await repository.findHost(id);
      if (!row) throw new NotFoundError(HOST_NOT_FOUND_MESSAGE);
      return toHostDetail(row);
    },

    /** Stores the values exactly as sent once they pass the rules of docs/product.md §20.1. */
    async updateHost(administratorId: number, id: number, values: HostEditValues): Promise<HostDetail> {
      const message = validateHostEdit(values);
      if (message) throw new BadRequestError(message);
      return db.transaction(async (tx) => {
        const before = await repository.lockHost(tx, id);
        if (!before) throw new NotFoundError(HOST_NOT_FOUND_MESSAGE);
        const after = await repository.updateHost(tx, id, {
          name: values.name,
          email: values.email,
          phone: values.phone,
          propertyAddress: values.propertyAddress,
          updatedAt: clock.now(),
        });
        await audit.record(tx, {
          administratorId,
          action: 'host.update',
          entityType: 'host',
          entityId: id,
          before: editedValues(before),
          after: editedValues(after),
        });
        return toHostDetail(after);
      });
    },

    /** Approving an approved host changes nothing and records nothing. */
    async approveHost(administratorId: number, id: number): Promise<HostListItem> {
      return db.transaction(async (tx) => {
        const row = await review.decideOne(tx, 'hosts', administratorId, id, 'approve', {});
        if (!row) throw new NotFoundError(HOST_NOT_FOUND_MESSAGE);
        return toHostListItem((await repository.findHost(id, tx))!);
      });
    },

    async deleteHost(administratorId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repository.lockHost(tx, id);
        if (!before) throw new NotFoundError(HOST_NOT_FOUND_MESSAGE);
        await repository.deleteHost(tx, id);
        await audit.record(tx, {
          administratorId,
          action: 'host.delete',
          entityType: 'host',
          entityId: id,
          // The row is gone when the entry is written: the name comes from what was deleted.
          entityName: before.name,
          before: { ...toHostDetail(before), statusHost: before.statusHost, numberOfProperties: before.numberOfProperties },
        });
      });
    },
  };
}
