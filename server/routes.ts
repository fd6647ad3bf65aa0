// Every module's routes, in one of two scopes (server/plugins/auth-guard.ts). A module adds one line
// here: to the guarded list unless every one of its calls is meant for anyone.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './modules/audit/audit.routes';
import { adminLoginRoutes, authRoutes } from './modules/auth/auth.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { emailSubscriberRoutes, hostInformationRoutes, landingRoutes } from './modules/landing/landing.routes';
import { listingListRoutes, listingsRoutes } from './modules/listings/listings.routes';
import { promosRoutes } from './modules/promos/promos.routes';
import { propertyApprovalListRoutes, propertyApprovalsRoutes } from './modules/property-approvals/property-approvals.routes';
import { bookingListRoutes, bookingsRoutes } from './modules/bookings/bookings.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { feedbacksRoutes } from './modules/feedbacks/feedbacks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { hostListRoutes, hostsRoutes } from './modules/hosts/hosts.routes';

/** The only calls that need no bearer token. The app refuses to start if any other /api route is registered outside the guarded scope. */
export const PUBLIC_CALLS = [
  'POST /api/admin/admin-login',
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/data/add-host-information',
  'POST /api/data/add-email-subscriber',
] as const;

/** Modules whose routes anyone may call: sign-in, health and the landing page's two forms. */
export const publicRoutePlugins: FastifyPluginAsyncZod[] = [healthRoutes, adminLoginRoutes, landingRoutes];

/** Everything else: a live session before any route code runs. */
export const guardedRoutePlugins: FastifyPluginAsyncZod[] = [authRoutes, auditRoutes, hostsRoutes, hostListRoutes, bookingsRoutes, bookingListRoutes, feedbacksRoutes, dashboardRoutes, listingsRoutes, listingListRoutes, propertyApprovalsRoutes, propertyApprovalListRoutes, chatsRoutes, promosRoutes, hostInformationRoutes, emailSubscriberRoutes];
