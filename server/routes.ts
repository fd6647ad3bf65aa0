// Every module's routes, in one of two scopes (server/plugins/auth-guard.ts). A module adds one line
// here: to the guarded list unless every one of its calls is meant for anyone. The admin lists need
// no line: each is its definition (src/contracts/lists/) and the source of its rows, which its
// module's repository exports, found by server/lists.ts (decision 015).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from './lib/list-engine';
import { ADMIN_LISTS } from './lists';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { adminLoginRoutes, authRoutes } from './modules/auth/auth.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { usersRoutes } from './modules/users/users.routes';
import { casesRoutes } from './modules/cases/cases.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { exportDownloadRoutes, exportTicketRoutes } from './modules/exports/exports.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dashboardChartRoutes } from './modules/dashboard/dashboard-charts.routes';
import { healthRoutes } from './modules/health/health.routes';
import { guestsRoutes } from './modules/guests/guests.routes';
import { hostsRoutes } from './modules/hosts/hosts.routes';
import { landingRoutes } from './modules/landing/landing.routes';
import { livePresenceRoutes, liveRoutes } from './modules/live/live.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { listingsMapRoutes } from './modules/listings-map/listings-map.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { promosRoutes } from './modules/promos/promos.routes';
import { propertyApprovalsRoutes } from './modules/property-approvals/property-approvals.routes';
import { paymentCallbackRoutes } from './modules/refunds/payment-callbacks.routes';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

/** The only calls that need no bearer token. The app refuses to start if any other /api route is registered outside the guarded scope. */
export const PUBLIC_CALLS = [
  'POST /api/admin/admin-login',
  'POST /api/admin/admin-login/second-factor',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/openapi.json',
  // The API reference page (Swagger UI) and its files.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'POST /api/data/add-host-information',
  'POST /api/data/add-email-subscriber',
  // A CSV download: the single-use ticket in the path is the credential (docs/decisions/022).
  'GET /api/admin/exports/:ticket',
  // The payment side's answer to a refund: signed with PAYMENTS_CALLBACK_SECRET, not a session (decision 043).
  'POST /api/payments/refunds/:id/result',
] as const;

/** The admin lists: each answers its whole array, one page with its total, and CSV where defined. */
const LISTS: FastifyPluginAsyncZod[] = ADMIN_LISTS.map((list) => listRoutes(list.definition, list.sourceOf));

/** Modules whose routes need no session: sign-in, health, the landing page's two forms, ticketed downloads and signed payment callbacks. */
export const publicRoutePlugins: FastifyPluginAsyncZod[] = [healthRoutes, adminLoginRoutes, landingRoutes, exportDownloadRoutes, paymentCallbackRoutes];

/**
 * Everything else: a live session before any route code runs, and the role's permission that each
 * route declares (docs/decisions/018-staff-roles.md).
 */
export const guardedRoutePlugins: FastifyPluginAsyncZod[] = [
  ...LISTS,
  authRoutes,
  accountRoutes,
  auditRoutes,
  hostsRoutes,
  guestsRoutes,
  usersRoutes,
  bookingsRoutes,
  refundsRoutes,
  dashboardRoutes,
  dashboardChartRoutes,
  listingsRoutes,
  listingsMapRoutes,
  propertyApprovalsRoutes,
  chatsRoutes,
  casesRoutes,
  notesRoutes(ADMIN_LISTS.map((list) => list.definition)),
  promosRoutes,
  staffRoutes,
  exportTicketRoutes,
  liveRoutes,
  livePresenceRoutes,
  webhooksRoutes,
];
