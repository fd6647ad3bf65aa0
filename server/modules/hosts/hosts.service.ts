// Hosts: listing, counting, the detail and its edit rules, approval and deletion. Every change is
// written together with its audit record in one transaction.
import {
  HOST_NOT_FOUND_MESSAGE,
  HOSTS_PAGE_SIZE,
  validateHostEdit,
  type HostDetail,
  type HostEditValues,
  type HostListItem,
  type HostListQuery,
  type HostSummary,
  type UserDetailsResponse,
} from '../../../src/contracts/hosts';
import { normalizeHostStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PageCache, VersionedTable } from '../../lib/page-cache';
import { batchesById, containsPattern, resolvePage, searchedId, searchTerm } from '../../lib/paging';
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

/** The list's search (name, email, or an exact userId) and status filter. */
function hostFilter(query: Pick<HostListQuery, 'q' | 'status'>): HostFilter {
  const term = searchTerm(query.q);
  return {
    status: query.status,
    pattern: term === undefined ? undefined : containsPattern(term),
    id: term === undefined ? undefined : searchedId(term),
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
  pages: PageCache;
}

export function createHostsService({ db, repository, audit, clock, pages }: HostsServiceDeps) {
  return {
    /** The whole list in userId order, one batch at a time; with a query, only the hosts its search and status select. */
    batches(query: Pick<HostListQuery, 'q' | 'status'> = {}): AsyncGenerator<HostListRow[]> {
      const filter = hostFilter(query);
      return batchesById((afterId, limit) => repository.listAfter(afterId, limit, filter));
    },

    toListItem: toHostListItem,

    async listPage(query: HostListQuery): Promise<{ rows: HostListItem[]; total: number }> {
      return pages.page('hosts', LISTED_TABLES, query, async (rememberTotal) => {
        const window = resolvePage(query, HOSTS_PAGE_SIZE);
        const filter = hostFilter(query);
        // The page and its total run side by side, each on its own connection.
        const [rows, total] = await Promise.all([
          repository.listPage({ ...filter, sort: query.sort, order: query.order ?? 'asc', limit: window.limit, offset: window.offset }),
          rememberTotal(() => repository.count(filter)),
        ]);
        return { rows: rows.map(toHostListItem), total };
      });
    },

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

    /** Stores the values exactly as sent once they pass SPEC.md section 5. */
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
