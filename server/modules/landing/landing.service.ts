// The landing page's public forms, rate-limited per client address (the admin's two lists of what
// they collected come from the sources in landing.repository.ts).
import { PUBLIC_RATE_LIMIT_MESSAGE, type HostInformationRequest, type ReceivedResponse } from '../../../src/contracts/landing';
import { TooManyRequestsError } from '../../errors';
import { addressKey } from '../../lib/client-address';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { LandingRepository } from './landing.repository';

interface LandingServiceDeps {
  repository: LandingRepository;
  clock: Clock;
  limiter: RateLimiter;
  publicLimit: number;
}

const PUBLIC_WINDOW_SECONDS = 60;

export function createLandingService({ repository, clock, limiter, publicLimit }: LandingServiceDeps) {
  return {
    /** Counts one public form post of this client address (an IPv6 /64 as one); the post over the limit is refused. */
    async limitPublicPost(clientAddress: string): Promise<void> {
      const window = await limiter.hit(`public-form:${addressKey(clientAddress)}`, PUBLIC_WINDOW_SECONDS);
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
  };
}
