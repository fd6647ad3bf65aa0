// The OpenAPI document as a reader of /api/docs sees it: every call has a summary and names the
// errors it can answer; guarded calls name the bearer token, 403 and the roles that may call them.
// The reference page itself is public.
import { describe, expect, it } from 'vitest';
import { PUBLIC_CALLS } from '../../server/routes';
import { signedInTestApp } from './helpers/app';

const t = signedInTestApp();

type Operation = {
  summary?: string;
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
};

describe('the OpenAPI document', () => {
  it('gives every call a summary, its error answers, and the bearer token where the guard asks for one', async () => {
    const document = (await t.request({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const calls = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
    );
    expect(calls.length).toBeGreaterThan(30);
    const isPublic = (call: string) => (PUBLIC_CALLS as readonly string[]).includes(call);
    const problems = calls.flatMap(({ call, operation }) => {
      const errors = Object.keys(operation.responses);
      const hasInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
      return [
        (operation.summary?.length ?? 0) > 10 ? [] : [`${call}: no summary`],
        hasInput && !errors.includes('400') ? [`${call}: takes input but documents no 400`] : [],
        !isPublic(call) && !errors.includes('401') ? [`${call}: guarded but documents no 401`] : [],
        !isPublic(call) && !errors.includes('403') ? [`${call}: guarded but documents no 403`] : [],
        !isPublic(call) && !/Roles: [a-z, ]+ \(permission [a-z.]+\)\./.test(operation.description ?? '') ? [`${call}: guarded but names no roles`] : [],
        !isPublic(call) && JSON.stringify(operation.security) !== '[{"bearer":[]}]' ? [`${call}: guarded but names no bearer token`] : [],
      ].flat();
    });
    expect(problems).toEqual([]);
  });

  it('is drawn at /api/docs for anyone, as a page (not a download)', async () => {
    const page = await t.request({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-disposition']).toBeUndefined();
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await t.request({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
