// Every module's service, built once per app from its dependencies. A module adds one line here.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import { createPageCache } from './lib/page-cache';
import { createExportShares } from './lib/export-shares';
import { createListExports } from './lib/list-exports';
import { createExportSlots, exportLimitOf } from './lib/streams';
import { createAccountRepository } from './modules/account/account.repository';
import { createAccountService } from './modules/account/account.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService } from './modules/auth/auth.service';
import { createSecretSeal } from './modules/auth/secret-seal';
import { createPasswordHasher } from './modules/auth/password';
import { createSignInLimits } from './modules/auth/sign-in-limits';
import { createCasesRepository } from './modules/cases/cases.repository';
import { createCasesService } from './modules/cases/cases.service';
import { createChatsRepository } from './modules/chats/chats.repository';
import { createChatsService } from './modules/chats/chats.service';
import { createLandingRepository } from './modules/landing/landing.repository';
import { createLandingService } from './modules/landing/landing.service';
import { createListingsRepository } from './modules/listings/listings.repository';
import { createListingsService } from './modules/listings/listings.service';
import { createListingsMapRepository } from './modules/listings-map/listings-map.repository';
import { createListingsMapService } from './modules/listings-map/listings-map.service';
import { createPromosRepository } from './modules/promos/promos.repository';
import { createPromosService } from './modules/promos/promos.service';
import { createPropertyApprovalsRepository } from './modules/property-approvals/property-approvals.repository';
import { createPropertyApprovalsService } from './modules/property-approvals/property-approvals.service';
import { createBookingsRepository } from './modules/bookings/bookings.repository';
import { createBookingsService } from './modules/bookings/bookings.service';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createDashboardChartsRepository } from './modules/dashboard/dashboard-charts.repository';
import { createDashboardChartsService } from './modules/dashboard/dashboard-charts.service';
import { createExportsRepository } from './modules/exports/exports.repository';
import { createExportsService } from './modules/exports/exports.service';
import { createGuestsRepository } from './modules/guests/guests.repository';
import { createGuestsService } from './modules/guests/guests.service';
import { createHostsRepository } from './modules/hosts/hosts.repository';
import { createHostsService } from './modules/hosts/hosts.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createStaffRepository } from './modules/staff/staff.repository';
import { createStaffService } from './modules/staff/staff.service';
import { createLiveRepository } from './modules/live/live.repository';
import { createLiveService } from './modules/live/live.service';
import { createNotesRepository } from './modules/notes/notes.repository';
import { createNotesService, noteReadersOf } from './modules/notes/notes.service';
import { createRefundsRepository } from './modules/refunds/refunds.repository';
import { createRefundsService } from './modules/refunds/refunds.service';
import { createReviewRepository } from './modules/review/review.repository';
import { actionDecider } from './modules/review/action-decider';
import { createReviewService } from './modules/review/review.service';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { ADMIN_LISTS } from './lists';
import type { Permission } from '../src/contracts/roles';
import { readsActivityKind } from '../src/contracts/activity';
import { MENTIONS_LIVE_RESOURCE, notesLiveResource } from '../src/contracts/record-note';
import { CASES_LIVE_RESOURCE } from '../src/contracts/case-calls';

/** Who reads the live changes of each resource: a list's readers, and those of chats and promos (decision 026). */
const LIVE_READERS = new Map<string, Permission>([
  ...ADMIN_LISTS.map((list) => [list.definition.name, list.definition.permission] as const),
  // A record's notes (src/contracts/record-note.ts), named by the record's id: its list's readers.
  ...ADMIN_LISTS.flatMap(({ definition }) => (definition.notes ? [[notesLiveResource(definition.notes.kind), definition.permission] as const] : [])),
  // A mention in a note, named by the member mentioned: to them alone (live.service.ts).
  [MENTIONS_LIVE_RESOURCE, 'account'],
  ['chats', 'chats.read'],
  ['messages', 'chats.read'],
  ['promos', 'promos.read'],
  // A booking's refunds, named by the booking's id (migration 0047).
  ['refunds', 'bookings.read'],
  // A guest or host suspended or reinstated (migration 0049), for every screen that names them: every role.
  ['suspensions', 'hosts.read'],
  // A case opened, taken, released or closed (migration 0055), named by its id; its overdue badge too.
  [CASES_LIVE_RESOURCE, 'cases.read'],
]);

export interface ServiceDeps {
  handle: DatabaseHandle;
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  /** Security events (sign-ins, throttling, revoked sessions, password changes) go here. */
  log: FastifyBaseLogger;
}

export function createServices(deps: ServiceDeps) {
  const { handle, config, clock, limiter, log } = deps;
  const signInLimits = createSignInLimits({
    limiter,
    limits: {
      perAddressAndEmail: config.rateLimitLogin,
      perAddress: config.rateLimitLoginAddress,
      perAccount: config.rateLimitLoginAccount,
    },
    log,
  });
  const authRepository = createAuthRepository(handle.db);
  const passwords = createPasswordHasher(config.passwordHashing);
  const seal = createSecretSeal(config.secondFactorKey, config.secondFactorPreviousKeys);
  const auth = createAuthService({
    db: handle.db,
    repository: authRepository,
    clock,
    limits: signInLimits,
    passwords,
    session: { idleMs: config.sessionIdleMinutes * 60 * 1000, maxMs: config.sessionMaxHours * 60 * 60 * 1000 },
    log,
    seal,
  });
  const pages = createPageCache(handle.db, { maxEntries: config.pageCacheSize });
  const exportSlots = createExportSlots(exportLimitOf(config.databasePoolSize));
  // Every export takes its slot through the shares: one export at a time per member.
  const exportShares = createExportShares(exportSlots);
  // Filled by the list engine as each list's routes are added (server/lib/list-engine.ts).
  const listExports = createListExports();
  const exports = createExportsService({
    repository: createExportsRepository(handle.db),
    listExports,
    exportShares,
    clock,
    sessionIdleMs: config.sessionIdleMinutes * 60 * 1000,
    log,
  });
  const audit = createAuditService({ repository: createAuditRepository(handle.db), clock });
  // Each list's record actions, from its declaration and its table (decisions 027 and 044).
  const review = createReviewService({
    db: handle.db,
    repository: createReviewRepository(),
    audit,
    clock,
    deciders: new Map(
      ADMIN_LISTS.flatMap(({ definition, actionTarget }) =>
        definition.actions && actionTarget ? [[definition.name, actionDecider(actionTarget, definition.actions, clock, definition.name)] as const] : [],
      ),
    ),
  });
  const listings = createListingsService({ db: handle.db, repository: createListingsRepository(handle.db), review });
  const propertyApprovals = createPropertyApprovalsService({ db: handle.db, repository: createPropertyApprovalsRepository(), review });
  const cases = createCasesService({ db: handle.db, repository: createCasesRepository(handle.db), clock, deadlineHours: config.caseDeadlineHours });
  const chats = createChatsService({ db: handle.db, repository: createChatsRepository(handle.db), clock });
  const notes = createNotesService({
    db: handle.db,
    repository: createNotesRepository(handle.db),
    audit,
    clock,
    readers: noteReadersOf(ADMIN_LISTS.map((list) => list.definition)),
  });
  const promos = createPromosService({ db: handle.db, repository: createPromosRepository(handle.db), audit, clock });
  const landing = createLandingService({
    repository: createLandingRepository(handle.db),
    clock,
    limiter,
    publicLimit: config.rateLimitPublic,
  });
  const hosts = createHostsService({ db: handle.db, repository: createHostsRepository(handle.db), audit, clock, review });
  const guests = createGuestsService({ repository: createGuestsRepository(handle.db) });
  const users = createUsersService({ db: handle.db, repository: createUsersRepository(), audit, clock });
  const bookings = createBookingsService({ db: handle.db, repository: createBookingsRepository(handle.db), audit });
  const refunds = createRefundsService({
    db: handle.db,
    repository: createRefundsRepository(handle.db),
    audit,
    clock,
    approvalAboveMinor: config.refunds.approvalAboveMinor,
  });
  const dashboard = createDashboardService({ repository: createDashboardRepository(handle) });
  const listingsMap = createListingsMapService({ repository: createListingsMapRepository(handle) });
  const dashboardCharts = createDashboardChartsService({ repository: createDashboardChartsRepository(handle), pages });
  const accounts = createAccountRepository(handle.db);
  const staff = createStaffService({ db: handle.db, repository: createStaffRepository(handle.db), accounts, audit, passwords, clock, log });
  const account = createAccountService({
    db: handle.db,
    repository: accounts,
    auth: authRepository,
    audit,
    limits: signInLimits,
    passwords,
    clock,
    log,
    appName: config.appName,
    seal,
  });
  // Endpoints' signing secrets are sealed under the TOTP secrets' key, bound to their endpoint (decision 041).
  const webhooks = createWebhooksService({
    repository: createWebhooksRepository(handle.db),
    seal: createSecretSeal<string>(config.secondFactorKey, config.secondFactorPreviousKeys, (endpointId) =>
      Buffer.from(`hoy webhook secret of endpoint ${endpointId}`),
    ),
    clock,
    settings: config.webhooks,
    log,
  });
  const live = createLiveService({
    repository: createLiveRepository(handle.db),
    // The overdue cases: counted when read, since time, not a write, makes a case overdue (decision 048).
    overdueCases: () => cases.overdueCount(),
    clock,
    log,
    pollMs: config.livePollMs,
    permissionOf: (resource) => LIVE_READERS.get(resource),
    // Activity's changes by the rule Activity's list reads entries by.
    readsActivityKind,
    limits: config.liveLimits,
    sessionState: (sessionId) => auth.sessionState(sessionId),
  });
  return {
    auth,
    account,
    audit,
    hosts,
    guests,
    users,
    bookings,
    refunds,
    dashboard,
    dashboardCharts,
    listings,
    listingsMap,
    propertyApprovals,
    cases,
    chats,
    notes,
    promos,
    landing,
    staff,
    pages,
    exportSlots,
    exportShares,
    listExports,
    exports,
    live,
    review,
    webhooks,
  };
}

export type Services = ReturnType<typeof createServices>;
