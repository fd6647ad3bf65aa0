// What one list call may cost: a page may not start deeper than MAX_LIST_OFFSET rows (400), a page
// past the end of a long list reads only its total, each caller's view of a list is cached apart,
// and a process streams at most a few exports at once (503 with Retry-After for the next one)
// while pages keep answering.
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { declareList, defineList } from '../../src/contracts/list-declaration';
import { EXPORTS_BUSY_MESSAGE, PAGE_TOO_DEEP_MESSAGE } from '../../src/contracts/paging';
import { listPage } from '../../server/lib/list-engine';
import type { ListSource } from '../../server/lib/list-source';
import { createPageCache } from '../../server/lib/page-cache';
import { exportLimitOf } from '../../server/lib/streams';
import { signedInTestApp } from './helpers/app';
import { insertHost } from './helpers/fixtures';

const METRICS_TOKEN = 'a-metrics-token-for-the-list-limits';
const t = signedInTestApp({ metricsToken: METRICS_TOKEN });

const get = (url: string) => t.request({ method: 'GET', url, token: t.token });

/** A list of plain rows for the engine alone, over a source the test writes. */
const plainList = defineList(
  declareList({
    name: 'plain',
    sorts: ['id'],
    defaultOrder: { sort: 'id', order: 'asc' },
    searchFields: ['label'],
    pageSize: 10,
    access: 'hosts.read',
    icon: 'team',
    menuOrder: 0,
  }),
  () => ({ row: z.object({ id: z.number().int(), label: z.string() }), summary: 'Plain rows, for the engine under test' }),
)();
type PlainRow = { id: number; label: string };

function plainSource(total: number, overrides: Partial<ListSource<PlainRow, 'id'>> = {}) {
  const page = vi.fn<ListSource<PlainRow, 'id'>['page']>(async (request) =>
    Array.from({ length: Math.max(0, Math.min(request.limit, total - request.offset)) }, (_, index) => ({
      id: request.offset + index + 1,
      label: request.view ?? 'everyone',
    })),
  );
  const count = vi.fn<ListSource<PlainRow, 'id'>['count']>(async () => total);
  const source: ListSource<PlainRow, 'id'> = {
    tables: [],
    searches: { fields: ['label'], isById: false },
    page,
    count,
    batches: async function* () {
      yield [];
    },
    ...overrides,
  };
  return { source, page, count };
}

const noCache = () => createPageCache(t.handle.db, { maxEntries: 0 });

describe('the depth of a page', () => {
  it('refuses at once, with 400 and why, a page that starts past 10,000,000 rows', async () => {
    for (const url of [
      '/api/admin/hosts?page=1000001&pageSize=10',
      // Without pageSize, the list's own (8 for hosts): 79,999,992 rows deep.
      '/api/admin/hosts?page=10000000',
      '/api/admin/activity?page=100001&pageSize=100',
      '/api/admin/conversations?page=200000&pageSize=100',
    ]) {
      const started = performance.now();
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toBe(PAGE_TOO_DEEP_MESSAGE);
      expect(performance.now() - started, url).toBeLessThan(1_000);
    }
  });

  it('answers the deepest allowed page of a short list: no rows, the exact total', async () => {
    await insertHost(t.handle, { name: 'Only Host' });
    const response = await get('/api/admin/hosts?page=1000000&pageSize=10');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('reads only the total of a page deep past the end, never the page', async () => {
    const { source, page, count } = plainSource(3);
    const answer = await listPage(plainList, source, noCache(), { page: 5_000, pageSize: 10 });
    expect(answer).toEqual({ rows: [], total: 3 });
    expect(count).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
  });

  it('still reads a deep page that exists, and a shallow one with its total side by side', async () => {
    const { source, page } = plainSource(50_000);
    const deep = await listPage(plainList, source, noCache(), { page: 2_000, pageSize: 10 });
    expect(deep.total).toBe(50_000);
    expect(deep.rows.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, index) => 19_991 + index));
    const shallow = await listPage(plainList, source, noCache(), { page: 2, pageSize: 10 });
    expect(shallow.rows[0].id).toBe(11);
    expect(page).toHaveBeenCalledTimes(2);
  });
});

describe('views of a list in the page cache', () => {
  it('never serve one view’s cached page to a caller of another view', async () => {
    const pages = createPageCache(t.handle.db, { maxEntries: 100 });
    const { source, page } = plainSource(30, { tables: ['users'] });
    const query = { page: 1, pageSize: 10 };
    const full = await listPage(plainList, source, pages, query, 'full');
    const narrow = await listPage(plainList, source, pages, query, 'narrow');
    expect(full.rows[0].label).toBe('full');
    expect(narrow.rows[0].label).toBe('narrow');
    // Each view is still cached for its own callers.
    expect((await listPage(plainList, source, pages, query, 'narrow')).rows[0].label).toBe('narrow');
    expect(page).toHaveBeenCalledTimes(2);
  });
});

describe('exports at once', () => {
  it('are bounded by the database pool: one per four connections, at least one', () => {
    expect([1, 3, 4, 7, 8, 10, 16].map(exportLimitOf)).toEqual([1, 1, 1, 1, 2, 2, 4]);
    expect(t.app.services.exportSlots.limit).toBe(exportLimitOf(t.config.databasePoolSize));
  });

  it('past the bound are refused at once with 503 and Retry-After, counted as refusals, while pages answer', async () => {
    const slots = t.app.services.exportSlots;
    const held = Array.from({ length: slots.limit }, () => slots.tryTake());
    try {
      expect(held.every((giveBack) => giveBack !== undefined)).toBe(true);
      for (const url of ['/api/admin/hosts?format=csv', '/api/admin/hosts', '/api/admin/activity?format=csv&staffId=1']) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(503);
        expect(refused.headers['retry-after'], url).toBe('5');
        expect(refused.json(), url).toMatchObject({ message: EXPORTS_BUSY_MESSAGE, reason: 'exports-busy' });
      }
      expect((await get('/api/admin/hosts?page=1')).statusCode).toBe(200);
      expect((await get('/api/admin/activity?page=1&staffId=1')).statusCode).toBe(200);
    } finally {
      for (const giveBack of held) giveBack?.();
    }
    expect((await get('/api/admin/hosts?format=csv')).statusCode).toBe(200);
    expect(slots.taken()).toBe(0);
    const metrics = await t.request({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/hoy_refusals_total\{status="503",route="\/api\/admin\/hosts"\} 2/);
  });

  it('hold their slot while the client reads slowly, and give it back once the export is read', async () => {
    // More rows than the stream buffers ahead of a reader who stops (16 batches of 1,000).
    await t.handle.query(
      sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, created_at)
          SELECT NULL, 'host.approve', 'host', n, now() FROM generate_series(1, 30000) AS n`,
    );
    const slots = t.app.services.exportSlots;
    const slow = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?format=csv',
      headers: { authorization: `Bearer ${t.token}` },
      payloadAsStream: true,
    });
    expect(slow.statusCode).toBe(200);
    const body = slow.stream();
    try {
      expect(slots.taken()).toBe(slots.limit);
      expect((await get('/api/admin/activity')).statusCode).toBe(503);
      expect((await get('/api/admin/hosts?format=csv')).statusCode).toBe(503);
      const page = await get('/api/admin/activity?page=1');
      expect(page.statusCode).toBe(200);
      expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(30_000);
    } finally {
      let lines = 0;
      for await (const chunk of body) lines += String(chunk).split('\r\n').length - 1;
      expect(lines).toBeGreaterThan(30_000);
    }
    await vi.waitFor(() => expect(slots.taken()).toBe(0));
    expect((await get('/api/admin/hosts?format=csv')).statusCode).toBe(200);
  });
});
