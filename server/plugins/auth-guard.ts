// The bearer check, deny by default. Route modules register in one of two scopes (server/routes.ts):
// the guarded scope checks the bearer token in an onRequest hook before any route code runs; the
// public scope checks nothing. Every /api route outside the guarded scope must be one of the public
// calls, and no public call may sit inside it: the app refuses to start otherwise. A path that no
// route serves, under a prefix that holds guarded routes (/api/admin, /api/hosts), gets the same
// check, so a caller without a token cannot tell which of those paths exist.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../errors';
import type { AdminPrincipal } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the guarded scope, so every plugin registered inside it inherits it. */
    isGuardedScope?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in administrator; set by the bearer check on every guarded route. */
    admin: AdminPrincipal | null;
  }
}

export interface AuthGuardOptions {
  /** `METHOD /path` of every call that needs no token, e.g. `GET /api/health`. */
  publicCalls: readonly string[];
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;
/** Sent by the web app's polling calls: they do not keep a session from going idle. */
const BACKGROUND_HEADER = 'x-hoy-activity';

async function authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthorizedError();
  return request.server.services.auth.authenticate(match[1], request.headers[BACKGROUND_HEADER] === 'background');
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  request.admin = await authenticate(request);
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** `/api/admin` for `/api/admin/hosts/:id`: the part of a path that names its area. */
const areaOf = (path: string) => path.split('/', 3).join('/');

/** Decorates requests with `admin` and checks, route by route, that the scopes and the public calls agree. */
export const authGuard = fp<AuthGuardOptions>(
  async (app, { publicCalls }) => {
    const isPublicCall = new Set(publicCalls);
    /** Areas that hold at least one guarded route; unknown paths there need a token too. */
    const guardedAreas = new Set<string>();

    app.decorateRequest('admin', null);

    app.addHook('onRoute', function checkScope(this: FastifyInstance, route: RouteOptions) {
      if (!isApiPath(route.url)) return;
      const isGuarded = this.isGuardedScope === true;
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD route beside each GET route, in the same scope.
        const call = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
        if (isGuarded && isPublicCall.has(call)) throw new Error(`${call} is a public call but is registered in the guarded scope`);
        if (!isGuarded && !isPublicCall.has(call)) {
          throw new Error(`${call} is outside the guarded scope but is not a public call: register it in the guarded scope (server/routes.ts)`);
        }
      }
      if (isGuarded) guardedAreas.add(areaOf(route.url));
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404 && guardedAreas.has(areaOf(request.url.split('?')[0]))) await requireAdmin(request);
    });
  },
  { name: 'auth-guard' },
);

/** Route plugins behind the bearer check: a request reaches them only with a live session. */
export function guardedScope(routePlugins: readonly FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.decorate('isGuardedScope', true);
    scope.addHook('onRequest', requireAdmin);
    for (const plugin of routePlugins) await scope.register(plugin);
  };
}

/** Route plugins anyone may call; each of their /api routes must be one of the public calls. */
export function publicScope(routePlugins: readonly FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    for (const plugin of routePlugins) await scope.register(plugin);
  };
}
