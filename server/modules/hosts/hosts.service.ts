// Hosts: listing, counting, the detail and its edit rules, approval and deletion. Every change is
// written together with its audit record in one transaction.
import {
  HOST_NOT_FOUND_MESSAGE,
  validateHostEdit,
  type HostDetail,
  type HostEditValues,
  type HostListItem,
  type HostSort,
  type HostSummary,
  type UserDetailsResponse,
} from '../../../src/contracts/hosts';
import { normalizeHostStatus, type HostStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { ListFilter, ListSource } from '../../lib/list-engine';
import type { VersionedTable } from '../../lib/page-cache';
import { batchesById } from '../../lib/paging';
import type { AuditService } from '../audit/audit.service';
import type { HostDetailRow, HostFilter, HostListRow, HostsRepository } from './hosts.repository';

/** The tables a page of this list reads: a write to any of them renews its cached pages. */
const LISTED_TABLES: readonly VersionedTable[] = ['users'];

function toHostListItem(row: HostListRow): HostListItem {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    statusHost: normalizeHostStatus(row.statusHost),
    numberOfProperties: row.numberOfProperties,
  };
}

function toHostDetail(row: HostDetailRow): HostDetail {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    propertyAddress: row.propertyAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list's search (name, email, or an exact userId) and status filter, as the repository reads them. */
const hostFilter = (filter: ListFilter<HostStatus>): HostFilter => ({ status: filter.status, pattern: filter.pattern, id: filter.searchedId });

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
}

export function createHostsService({ db, repository, audit, clock }: HostsServiceDeps) {
  return {
    listSource: {
      tables: LISTED_TABLES,
      async page(request) {
        const rows = await repository.listPage({ ...hostFilter(request), sort: request.sort, order: request.order, limit: request.limit, offset: request.offset });
        return rows.map(toHostListItem);
      },
      count: (filter) => repository.count(hostFilter(filter)),
      /** Every host the filter selects, in userId order (the whole array and the CSV export). */
      async *batches(request) {
        const filter = hostFilter(request);
        for await (const rows of batchesById((afterId, limit) => repository.listAfter(afterId, limit, filter))) yield rows.map(toHostListItem);
      },
    } satisfies ListSource<HostListItem, HostSort, HostStatus>,

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
        hostVerificationDetails: row.verification
          ? { ...row.verification, createdAt: row.verification.createdAt.toISOString() }
          : null,
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
        const before = await repository.lockHost(tx, id);
        if (!before) throw new NotFoundError(HOST_NOT_FOUND_MESSAGE);
        if (before.statusHost === 'Confirmed') return toHostListItem(before);
        const after = await repository.updateHost(tx, id, { statusHost: 'Confirmed', updatedAt: clock.now() });
        await audit.record(tx, {
          administratorId,
          action: 'host.approve',
          entityType: 'host',
          entityId: id,
          before: { statusHost: before.statusHost },
          after: { statusHost: after.statusHost },
        });
        return toHostListItem(after);
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
          before: { ...toHostDetail(before), statusHost: before.statusHost, numberOfProperties: before.numberOfProperties },
        });
      });
    },
  };
}

export type HostsService = ReturnType<typeof createHostsService>;
