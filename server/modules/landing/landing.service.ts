// The landing page's public forms (rate-limited per client address) and the admin's view of what they collected.
import {
  LANDING_DATA_PAGE_SIZE,
  PUBLIC_RATE_LIMIT_MESSAGE,
  type EmailSubscriberRow,
  type EmailSubscriberSort,
  type HostInformationRequest,
  type HostInformationRow,
  type HostInformationSort,
  type ReceivedResponse,
} from '../../../src/contracts/landing';
import type { ListQuery } from '../../../src/contracts/paging';
import { TooManyRequestsError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PageCache } from '../../lib/page-cache';
import { containsPattern, resolvePage, searchTerm } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { LandingListRequest, LandingRepository, SubmissionRecord, SubscriberRecord } from './landing.repository';

interface LandingServiceDeps {
  repository: LandingRepository;
  clock: Clock;
  limiter: RateLimiter;
  publicLimit: number;
  pages: PageCache;
}

const PUBLIC_WINDOW_SECONDS = 60;
const EXPORT_BATCH_SIZE = 1000;

function toSubmissionRow(record: SubmissionRecord): HostInformationRow {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

function toSubscriberRow(record: SubscriberRecord): EmailSubscriberRow {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

/** Newest first unless the call names a sort; a named sort defaults to ascending. */
function listRequest<Sort extends string>(query: ListQuery<Sort>, defaultSort: Sort): LandingListRequest<Sort | typeof defaultSort> {
  const search = searchTerm(query.q);
  return {
    pattern: search === undefined ? undefined : containsPattern(search),
    sort: query.sort ?? defaultSort,
    order: query.order ?? (query.sort ? 'asc' : 'desc'),
  };
}

/** Every row in the list's order, by keyset, so an export of a million rows holds one batch at a time. */
async function* batchesAfter<Record extends { id: number }>(
  fetch: (afterId: number | undefined, limit: number) => Promise<Record[]>,
): AsyncGenerator<Record[]> {
  let afterId: number | undefined;
  for (;;) {
    const rows = await fetch(afterId, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    afterId = rows[rows.length - 1].id;
  }
}

export function createLandingService({ repository, clock, limiter, publicLimit, pages }: LandingServiceDeps) {
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

    async listHostInformationPage(query: ListQuery<HostInformationSort>): Promise<{ rows: HostInformationRow[]; total: number }> {
      return pages.page('host-information', ['host_interest_submissions'], query, async () => {
        const window = resolvePage(query, LANDING_DATA_PAGE_SIZE);
        const request = listRequest(query, 'createdAt');
        const [rows, total] = await Promise.all([
          repository.listSubmissions({ ...request, limit: window.limit, offset: window.offset }),
          repository.countSubmissions(request.pattern),
        ]);
        return { rows: rows.map(toSubmissionRow), total };
      });
    },

    async *listAllHostInformation(query: ListQuery<HostInformationSort>): AsyncGenerator<HostInformationRow[]> {
      const request = listRequest(query, 'createdAt');
      for await (const rows of batchesAfter((afterId, limit) => repository.listSubmissions({ ...request, afterId, limit }))) {
        yield rows.map(toSubmissionRow);
      }
    },

    async listEmailSubscribersPage(query: ListQuery<EmailSubscriberSort>): Promise<{ rows: EmailSubscriberRow[]; total: number }> {
      return pages.page('email-subscribers', ['email_subscribers'], query, async () => {
        const window = resolvePage(query, LANDING_DATA_PAGE_SIZE);
        const request = listRequest(query, 'createdAt');
        const [rows, total] = await Promise.all([
          repository.listSubscribers({ ...request, limit: window.limit, offset: window.offset }),
          repository.countSubscribers(request.pattern),
        ]);
        return { rows: rows.map(toSubscriberRow), total };
      });
    },

    async *listAllEmailSubscribers(query: ListQuery<EmailSubscriberSort>): AsyncGenerator<EmailSubscriberRow[]> {
      const request = listRequest(query, 'createdAt');
      for await (const rows of batchesAfter((afterId, limit) => repository.listSubscribers({ ...request, afterId, limit }))) {
        yield rows.map(toSubscriberRow);
      }
    },
  };
}

export type LandingService = ReturnType<typeof createLandingService>;
