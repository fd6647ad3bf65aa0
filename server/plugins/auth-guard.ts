// The bearer check, deny by default. Route modules register in one of two scopes (server/routes.ts):
// the guarded scope checks the bearer token in an onRequest hook before any route code runs; the
// public scope checks nothing. Every /api route outside the guarded scope must be one of the public
// calls, and no public call may sit inside it: the app refuses to start otherwise. A path that no
// route serves, under a prefix that holds guarded routes (/api/admin, /api/hosts), gets the same
// check, so a caller without a token cannot tell which of those paths exist.
// Roles (docs/decisions/018-staff-roles.md): every guarded route declares the one permission it needs
// (`config.access`, set by adminRoute); a second onRequest hook answers 403 to a role without it,
// before validation and before any route code, so a refused call changes nothing. A guarded route
// that declares no permission, or one that does not exist, stops the app at start. A route whose
// access says `requiresStepUp` is refused the same way, 403 `step-up-required`, to a session that has
// not stepped up in the last 5 minutes (docs/decisions/039-step-up.md); one whose rule picks the calls
// by their body (a large refund, decision 043) is refused once the body is validated.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS } from '../../src/contracts/account';
import type { Permission, Role } from '../../src/contracts/roles';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { RouteAccess } from '../lib/route-schema';
import { ROLE_TABLE } from '../role-table';
import type { AdminPrincipal } from '../modules/auth/auth.service';

/** One guarded call and what it needs, as the guard saw it registered. */
export interface GuardedCall {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the guarded scope, so every plugin registered inside it inherits it. */
    isGuardedScope?: boolean;
    /** Every guarded call with its declared access (HEAD routes left out): the roles matrix reads it. */
    guardedCalls: readonly GuardedCall[];
  }
  interface FastifyRequest {
    /** The signed-in administrator; set by the bearer check on every guarded route. */
    admin: AdminPrincipal | null;
  }
}

interface AuthGuardOptions {
  /** `METHOD /path` of every call that needs no token, e.g. `GET /api/health`. */
  publicCalls: readonly string[];
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;
/** Sent by the calls a screen makes on its own (the live stream, presence): they do not keep a session from going idle. */
const BACKGROUND_HEADER = 'x-hoy-activity';

async function authenticate(request: FastifyRequest): Promise<AdminPrincipal> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthorizedError();
  const isBackground = request.headers[BACKGROUND_HEADER] === 'background' || request.routeOptions.config.access?.isBackground === true;
  return request.server.services.auth.authenticate(match[1], isBackground);
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  request.admin = await authenticate(request);
}

/**
 * 403 unless the signed-in role holds the route's permission (and `export` for an export). Each
 * refusal is a security event in the log (docs/decisions/013-sign-in-abuse.md): who, in which role,
 * asked which route for what it lacks, from where; never the token.
 */
async function requirePermission(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  // Unreachable for a registered route (checked at start); refused all the same.
  const permissions = access ? [access.permission, ...(access.isExport?.(request.query as Record<string, unknown>) ? ['export' as const] : [])] : [];
  requirePermissions(request, { administratorId: request.admin?.administratorId ?? null, role: access ? (request.admin?.role ?? null) : null }, permissions);
}

/**
 * 403 unless `member.role` holds every one of `permissions`, logged as `access.denied` like the
 * guard's own refusals: for a call whose permission depends on what it names (a download ticket
 * names a list, server/modules/exports/), checked by the route once it knows.
 */
export function requirePermissions(
  request: FastifyRequest,
  member: { administratorId: number | null; role: Role | null },
  permissions: readonly Permission[],
): void {
  const { role } = member;
  /** The permission the call lacks; null when the role is unknown. */
  const missing = role === null ? (permissions[0] ?? null) : permissions.find((permission) => !ROLE_TABLE.hasPermission(role, permission));
  if (role !== null && missing === undefined) return;
  request.log.warn(
    {
      event: 'access.denied',
      administratorId: member.administratorId,
      role,
      method: request.method,
      route: request.routeOptions.url ?? null,
      permission: missing ?? null,
      clientAddress: request.ip,
    },
    'access denied',
  );
  throw new ForbiddenError();
}

/**
 * 403 for a member whose role requires a second factor they have not set up, on every call but the
 * few that let them set it up (docs/decisions/020-second-factor.md). Logged as `access.denied` like
 * a role's refusal, with the reason instead of a permission lacking.
 */
async function requireSecondFactor(request: FastifyRequest): Promise<void> {
  const admin = request.admin;
  if (!admin?.mustEnrolSecondFactor) return;
  if (request.routeOptions.config.access?.isOpenBeforeSecondFactor) return;
  request.log.warn(
    {
      event: 'access.denied',
      reason: ACCOUNT_REASONS.enrolmentRequired,
      administratorId: admin.administratorId,
      role: admin.role,
      method: request.method,
      route: request.routeOptions.url ?? null,
      permission: null,
      clientAddress: request.ip,
    },
    'access denied: second factor not set up',
  );
  throw new ForbiddenError(ACCOUNT_MESSAGES.enrolmentRequired, ACCOUNT_REASONS.enrolmentRequired);
}

/**
 * 403 `step-up-required` on a call that can take an account unless this session stepped up recently
 * enough (docs/decisions/039-step-up.md): read from the session's row, so every process agrees.
 */
async function requireStepUp(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config.access?.requiresStepUp === true) await refuseWithoutStepUp(request);
}

/** The same for a route whose rule picks its calls by their body (a large refund): after validation, before any route code. */
async function requireStepUpOfBody(request: FastifyRequest): Promise<void> {
  const rule = request.routeOptions.config.access?.requiresStepUp;
  if (typeof rule === 'object' && rule.isNeeded(request.body)) await refuseWithoutStepUp(request);
}

async function refuseWithoutStepUp(request: FastifyRequest): Promise<void> {
  if (!request.admin) return;
  if (await request.server.services.account.hasRecentStepUp(request.admin)) return;
  request.log.info(
    { event: 'step-up.required', administratorId: request.admin.administratorId, method: request.method, route: request.routeOptions.url ?? null },
    'step-up required',
  );
  throw new ForbiddenError(ACCOUNT_MESSAGES.stepUpRequired, ACCOUNT_REASONS.stepUpRequired);
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
    const guardedCalls: GuardedCall[] = [];
    app.decorate('guardedCalls', guardedCalls);

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
      if (!isGuarded) return;
      const access = route.config?.access;
      if (!access || !ROLE_TABLE.isPermission(access.permission)) {
        throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no permission: give its adminRoute an access (src/contracts/roles.ts)`);
      }
      guardedAreas.add(areaOf(route.url));
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') guardedCalls.push({ method, url: route.url, access });
      }
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
    scope.addHook('onRequest', requireSecondFactor);
    scope.addHook('onRequest', requirePermission);
    scope.addHook('onRequest', requireStepUp);
    scope.addHook('preHandler', requireStepUpOfBody);
    for (const plugin of routePlugins) await scope.register(plugin);
  };
}

/** Route plugins anyone may call; each of their /api routes must be one of the public calls. */
export function publicScope(routePlugins: readonly FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    for (const plugin of routePlugins) await scope.register(plugin);
  };
}
