// The landing page's public forms (rate-limited per client address), and the sources of the admin's
// two lists of what they collected (served by the list engine, server/lib/list-engine.ts).
import {
  PUBLIC_RATE_LIMIT_MESSAGE,
  type EmailSubscriberRow,
  type EmailSubscriberSort,
  type HostInformationRequest,
  type HostInformationRow,
  type HostInformationSort,
  type ReceivedResponse,
} from '../../../src/contracts/landing';
import type { Database } from '../../db/client';
import { TooManyRequestsError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { tableListSource } from '../../lib/table-list-source';
import { emailSubscriberTable, hostInformationTable, type LandingRepository } from './landing.repository';

interface LandingServiceDeps {
  db: Database;
  repository: LandingRepository;
  clock: Clock;
  limiter: RateLimiter;
  publicLimit: number;
}

const PUBLIC_WINDOW_SECONDS = 60;

const withIsoDate = <Record extends { createdAt: Date }>(record: Record) => ({ ...record, createdAt: record.createdAt.toISOString() });

export function createLandingService({ db, repository, clock, limiter, publicLimit }: LandingServiceDeps) {
  return {
    /** Counts one public form post of this client address; the post over the limit is refused. */
    async limitPublicPost(clientAddress: string): Promise<void> {
      const window = await limiter.hit(`public-form:${clientAddress}`, PUBLIC_WINDOW_SECONDS);
      if (window.count > publicLimit) throw new TooManyRequestsError(window.retryAfterSeconds, PUBLIC_RATE_LIMIT_MESSAGE);
    },

    /** Stored exactly as sent: no trimming, no case folding. The answer names no id (decision 005). */
    async addHostInformation(submission: HostInformationRequest): Promise<ReceivedResponse> {
      await repository.insertSubmission({ ...submission, createdAt: clock.now() });
      return { received: true };
    },

    /** The same answer for a new address and for one already on the list, so it cannot be used to test addresses. */
    async addEmailSubscriber(email: string): Promise<ReceivedResponse> {
      await repository.upsertSubscriber(email, clock.now());
      return { received: true };
    },

    hostInformationSource: tableListSource<HostInformationRow & { createdAt: Date }, HostInformationRow, HostInformationSort>({
      db,
      ...hostInformationTable,
      tables: ['host_interest_submissions'],
      counter: 'host-information',
      toRow: withIsoDate,
    }),

    emailSubscriberSource: tableListSource<EmailSubscriberRow & { createdAt: Date }, EmailSubscriberRow, EmailSubscriberSort>({
      db,
      ...emailSubscriberTable,
      tables: ['email_subscribers'],
      counter: 'email-subscribers',
      toRow: withIsoDate,
    }),
  };
}

export type LandingService = ReturnType<typeof createLandingService>;
