// Every module's service, built once per app from its dependencies. A module adds one line here.
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';

export interface ServiceDeps {
  handle: DatabaseHandle;
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
}

export function createServices(deps: ServiceDeps) {
  const { handle, config, clock, limiter } = deps;
  const auth = createAuthService({
    repository: createAuthRepository(handle.db),
    clock,
    limiter,
    loginLimit: config.rateLimitLogin,
  });
  const audit = createAuditService({ repository: createAuditRepository(handle.db), clock });
  return { auth, audit };
}

export type Services = ReturnType<typeof createServices>;
