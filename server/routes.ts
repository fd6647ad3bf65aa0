// Every module's routes. A module adds one line here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';

export const routePlugins: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, auditRoutes];
