// SQL for the landing page's forms, and the sources of the two lists on the admin screen "Data from
// Landing Page".
import { sql, type AnyColumn } from 'drizzle-orm';
import type { EmailSubscriberRow, HostInformationRow } from '../../../src/contracts/landing';
import type { EmailSubscriberSort } from '../../../src/contracts/lists/email-subscribers';
import type { HostInformationSort } from '../../../src/contracts/lists/host-information';
import type { Database } from '../../db/client';
import { emailSubscribers, hostInterestSubmissions } from '../../db/schema';
import { tableListSource } from '../../lib/table-list-source';

const withIsoDate = <Record extends { createdAt: Date }>(record: Record) => ({ ...record, createdAt: record.createdAt.toISOString() });

/** The landing lists as tableListSource reads them: the tables their pages are cached under, their counters, columns, sorts and search columns. */
export const hostInformationTable = {
  table: hostInterestSubmissions,
  tables: ['host_interest_submissions'] as const,
  counter: 'host-information' as const,
  columns: {
    id: hostInterestSubmissions.id,
    name: hostInterestSubmissions.name,
    email: hostInterestSubmissions.email,
    phone: hostInterestSubmissions.phone,
    address: hostInterestSubmissions.address,
    createdAt: hostInterestSubmissions.createdAt,
  },
  sortColumns: {
    createdAt: hostInterestSubmissions.createdAt,
    name: hostInterestSubmissions.name,
    email: hostInterestSubmissions.email,
    phone: hostInterestSubmissions.phone,
    address: hostInterestSubmissions.address,
  } satisfies Record<HostInformationSort, AnyColumn>,
  searchColumns: {
    name: hostInterestSubmissions.name,
    email: hostInterestSubmissions.email,
    phone: hostInterestSubmissions.phone,
    address: hostInterestSubmissions.address,
  },
  /** Joined, the expression of the trigram index host_interest_search_trgm_idx, so a search can use it. */
  isSearchedAsOneText: true,
  toRow: withIsoDate,
};

const emailSubscriberTable = {
  table: emailSubscribers,
  tables: ['email_subscribers'] as const,
  counter: 'email-subscribers' as const,
  columns: { id: emailSubscribers.id, email: emailSubscribers.email, createdAt: emailSubscribers.createdAt },
  sortColumns: { createdAt: emailSubscribers.createdAt, email: emailSubscribers.email } satisfies Record<EmailSubscriberSort, AnyColumn>,
  searchColumns: { email: emailSubscribers.email },
  toRow: withIsoDate,
};

export const hostInformationListSource = (db: Database) =>
  tableListSource<HostInformationRow & { createdAt: Date }, HostInformationRow, HostInformationSort>({ db, ...hostInformationTable });

export const emailSubscribersListSource = (db: Database) =>
  tableListSource<EmailSubscriberRow & { createdAt: Date }, EmailSubscriberRow, EmailSubscriberSort>({ db, ...emailSubscriberTable });

export function createLandingRepository(db: Database) {
  return {
    async insertSubmission(values: { name: string; email: string; phone: string; address: string; createdAt: Date }): Promise<number> {
      const [row] = await db.insert(hostInterestSubmissions).values(values).returning({ id: hostInterestSubmissions.id });
      return row.id;
    },

    /** One row per address whatever its letter case: the first spelling is kept. */
    async upsertSubscriber(email: string, now: Date): Promise<number> {
      const at = now.toISOString();
      const rows = await db.execute(sql`
        INSERT INTO email_subscribers (email, created_at, updated_at) VALUES (${email}, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT ((lower(email))) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING id`);
      return Number((rows as unknown as { rows: { id: number }[] }).rows[0].id);
    },
  };
}

export type LandingRepository = ReturnType<typeof createLandingRepository>;
