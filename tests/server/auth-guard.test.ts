// The two scopes of server/plugins/auth-guard.ts: a route is guarded by where it is registered, the
// public calls are one list, and a route that fits neither stops the app before it can serve.
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/contracts/roles';
import { UnauthorizedError } from '../../server/errors';
import { authGuard, guardedScope, publicScope } from '../../server/plugins/auth-guard';
import { PUBLIC_CALLS } from '../../server/routes';
import type { Services } from '../../server/services';
import { createTestApp, type TestApp } from './helpers/app';

const GOOD_TOKEN = 'g'.repeat(43);

/** A bare app with the guard, whose only session is GOOD_TOKEN. */
async function guardedApp(register: (app: FastifyInstance) => Promise<void>, publicCalls: readonly string[] = ['GET /api/open']) {
  const app = Fastify();
  const authenticate = async (token: string) => {
    if (token !== GOOD_TOKEN) throw new UnauthorizedError();
    return { administratorId: 1, role: 'viewer' };
  };
  app.decorate('services', { auth: { authenticate } } as unknown as Services);
  await app.register(authGuard, { publicCalls });
  await register(app);
  await app.ready();
  return app;
}

/** A route that needs `permission`, or none (null). The fake session's role is a viewer. */
const routeAt =
  (method: 'GET' | 'POST', url: string, permission: Permission | null = 'dashboard.read'): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ method, url, ...(permission ? { config: { access: { permission } } } : {}), handler: async (request) => ({ admin: request.admin }) });
  };

describe('where a route is registered decides whether it is guarded', () => {
  it('guards every route of the guarded scope, nested plugins included, and leaves the listed public calls open', async () => {
    const nested: FastifyPluginAsyncZod = async (app) => {
      await app.register(routeAt('GET', '/api/admin/deep'));
    };
    const app = await guardedApp(async (root) => {
      await root.register(publicScope([routeAt('GET', '/api/open')]));
      await root.register(guardedScope([routeAt('GET', '/api/admin/things'), nested]));
    });
    for (const url of ['/api/admin/things', '/api/admin/deep']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await app.inject({ method: 'HEAD', url })).statusCode, `HEAD ${url}`).toBe(401);
      const signedIn = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${GOOD_TOKEN}` } });
      expect(signedIn.json(), url).toEqual({ admin: { administratorId: 1, role: 'viewer' } });
    }
    const open = await app.inject({ method: 'GET', url: '/api/open' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ admin: null });
    await app.close();
  });

  it('refuses to start with an /api route outside the guarded scope that is not a public call', async () => {
    await expect(guardedApp(async (root) => root.register(publicScope([routeAt('GET', '/api/admin/export')])))).rejects.toThrow(
      /GET \/api\/admin\/export is outside the guarded scope but is not a public call/,
    );
    // Registered on the root, beside both scopes: the same.
    await expect(guardedApp(async (root) => root.register(routeAt('POST', '/api/data/anything')))).rejects.toThrow(/not a public call/);
    // The method counts: only GET /api/open is public.
    await expect(guardedApp(async (root) => root.register(publicScope([routeAt('POST', '/api/open')])))).rejects.toThrow(/not a public call/);
  });

  it('refuses to start with a guarded route that declares no permission, or one that does not exist', async () => {
    await expect(guardedApp(async (root) => root.register(guardedScope([routeAt('GET', '/api/admin/loose', null)])))).rejects.toThrow(
      /GET \/api\/admin\/loose declares no permission/,
    );
    await expect(
      guardedApp(async (root) => root.register(guardedScope([routeAt('POST', '/api/admin/odd', 'hosts.everything' as Permission)]))),
    ).rejects.toThrow(/declares no permission/);
  });

  it('answers 403 before the handler runs to a role without the permission, and to an export without the export permission', async () => {
    let handled = 0;
    const app = await guardedApp(async (root) =>
      root.register(
        guardedScope([
          routeAt('POST', '/api/admin/hosts-write', 'hosts.write'),
          async (scope) => {
            scope.route({
              method: 'GET',
              url: '/api/admin/rows',
              config: { access: { permission: 'hosts.read', isExport: (query) => query.format === 'csv' } },
              handler: async () => {
                handled += 1;
                return [];
              },
            });
          },
        ]),
      ),
    );
    const headers = { authorization: `Bearer ${GOOD_TOKEN}` };
    const refused = await app.inject({ method: 'POST', url: '/api/admin/hosts-write', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You do not have permission to do this.' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/rows?page=1', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/rows?format=csv', headers })).statusCode).toBe(403);
    expect(handled).toBe(1);
    await app.close();
  });

  it('refuses to start with a public call inside the guarded scope', async () => {
    await expect(guardedApp(async (root) => root.register(guardedScope([routeAt('GET', '/api/open')])))).rejects.toThrow(
      /GET \/api\/open is a public call but is registered in the guarded scope/,
    );
  });

  it('lets pages and files outside /api be registered anywhere', async () => {
    const app = await guardedApp(async (root) => root.register(routeAt('GET', '/robots.txt')));
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists exactly the public calls: the three probes, the OpenAPI document and its reference page, sign-in, the two landing forms, ticketed downloads and the signed refund callback', () => {
    expect([...PUBLIC_CALLS].sort()).toEqual([
      'GET /api/admin/exports/:ticket',
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/static/*',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/yaml',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/openapi.json',
      'POST /api/admin/admin-login',
      'POST /api/admin/admin-login/second-factor',
      'POST /api/data/add-email-subscriber',
      'POST /api/data/add-host-information',
      'POST /api/payments/refunds/:id/result',
    ]);
  });

  it('answers unknown paths under /api/hosts 401 without a token and 404 with one', async () => {
    for (const url of ['/api/hosts', '/api/hosts/1/nothing', '/api/admin', '/api/admin/']) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const token = await t.login();
    const unknown = await t.request({ method: 'GET', url: '/api/hosts/1/nothing', token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'No API route GET /api/hosts/1/nothing', success: false });
  });

  it('answers a wrong method on a guarded path 401 without a token, as it does a route', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PATCH', url: '/api/hosts/1' })).statusCode).toBe(401);
  });

  it('answers unknown paths outside the guarded areas 404 without a token', async () => {
    for (const { method, url } of [
      { method: 'GET', url: '/api/data/add-host-information' },
      { method: 'GET', url: '/api/data/nothing' },
      { method: 'GET', url: '/api/administrators' },
      { method: 'POST', url: '/api/health' },
    ] as const) {
      const answer = await t.request({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().message).toBe(`No API route ${method} ${url}`);
    }
  });
});
