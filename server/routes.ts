// Every module's routes. A module adds one line here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { landingRoutes } from './modules/landing/landing.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { promosRoutes } from './modules/promos/promos.routes';
import { propertyApprovalsRoutes } from './modules/property-approvals/property-approvals.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { feedbacksRoutes } from './modules/feedbacks/feedbacks.routes';
import { healthRoutes } from './modules/health/health.routes';
import { hostsRoutes } from './modules/hosts/hosts.routes';

export const routePlugins: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, auditRoutes, hostsRoutes, bookingsRoutes, feedbacksRoutes, dashboardRoutes, listingsRoutes, propertyApprovalsRoutes, chatsRoutes, promosRoutes, landingRoutes];
