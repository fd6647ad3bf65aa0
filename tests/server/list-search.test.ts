// One declaration for search (issue 50, point 5): a list's declared search fields are what its source
// searches, a list that declares idSearch finds a row by its id whatever its source, and a source that
// does not search what its list declares stops the app when the list's routes are added.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declareList, defineList } from '../../src/contracts/list-declaration';
import { checkSearch, listRoutes } from '../../server/lib/list-engine';
import type { ListSource } from '../../server/lib/list-source';
import { containsPattern } from '../../server/lib/paging';
import { ADMIN_LISTS } from '../../server/lists';
import { staffListSource } from '../../server/modules/staff/staff.repository';
import { signedInTestApp } from './helpers/app';

const t = signedInTestApp();

const notesList = (idSearch?: { allowHash: boolean }) =>
  defineList(
    declareList({
      name: 'notes',
      sorts: ['id'],
      defaultOrder: { order: 'asc' },
      searchFields: ['title', 'body'],
      ...(idSearch ? { idSearch } : {}),
      pageSize: 10,
      access: 'hosts.read',
      icon: 'comment',
      menuOrder: 0,
    }),
    () => ({ row: z.object({ id: z.number().int(), title: z.string(), body: z.string() }), summary: 'Notes, for the search checks' }),
  )();

const sourceSearching = (fields: string[], isById: boolean): ListSource<{ id: number; title: string; body: string }> => ({
  tables: [],
  searches: { fields, isById },
  page: async () => [],
  count: async () => 0,
  batches: async function* () {
    yield [];
  },
});

describe('a one-table list source (tableListSource)', () => {
  it('finds the row a search names by its id, as #7 or 7, and only by its search columns otherwise', async () => {
    const source = staffListSource(t.handle.db);
    const [{ id, name }] = await t.handle.query<{ id: number; name: string }>(sql`SELECT id, name FROM administrators ORDER BY id LIMIT 1`);
    for (const typed of [`#${id}`, String(id)]) {
      const request = { pattern: containsPattern(typed), searchedId: id, order: 'asc' as const };
      expect(
        (await source.page({ ...request, limit: 10, offset: 0 })).map((row) => row.id),
        typed,
      ).toEqual([id]);
      expect(await source.count(request), typed).toBe(1);
      const batched: number[] = [];
      for await (const rows of source.batches(request)) batched.push(...rows.map((row) => row.id));
      expect(batched, typed).toEqual([id]);
    }
    // The engine hands a searched id only to a list that declares idSearch: without one, '#1' is text.
    const asText = { pattern: containsPattern(`#${id}`), order: 'asc' as const };
    expect(await source.page({ ...asText, limit: 10, offset: 0 })).toEqual([]);
    expect((await source.page({ pattern: containsPattern(name), order: 'asc', limit: 10, offset: 0 })).map((row) => row.id)).toContain(id);
  });

  it('searches the fields of its search columns, and finds by id', () => {
    expect(staffListSource(t.handle.db).searches).toEqual({ fields: ['name', 'email'], isById: true });
  });
});

describe('the search a list declares', () => {
  it('is what each list of the product searches', () => {
    for (const { definition, sourceOf } of ADMIN_LISTS) {
      const source = sourceOf(t.handle.db);
      expect(() => checkSearch(definition, source), definition.name).not.toThrow();
      expect([...source.searches.fields].sort(), definition.name).toEqual([...definition.searchFields].sort());
    }
  });

  it('refuses a source that searches other fields than the declared ones, naming both', () => {
    expect(() => checkSearch(notesList(), sourceSearching(['title'], true))).toThrow(
      'The list "notes" declares the search fields body, title, but its source searches title: give the source one search column per declared field',
    );
    expect(() => checkSearch(notesList(), sourceSearching(['title', 'body', 'author'], true))).toThrow(/its source searches author, body, title/);
    expect(() => checkSearch(notesList(), sourceSearching(['body', 'title'], false))).not.toThrow();
  });

  it('refuses idSearch on a source that cannot find a row by its id', () => {
    expect(() => checkSearch(notesList({ allowHash: true }), sourceSearching(['title', 'body'], false))).toThrow(
      /The list "notes" declares idSearch, but its source does not find a row by its id/,
    );
    expect(() => checkSearch(notesList({ allowHash: true }), sourceSearching(['title', 'body'], true))).not.toThrow();
  });

  it('stops the app when the list routes are added, before any route answers', async () => {
    const routes = listRoutes(notesList({ allowHash: false }), () => sourceSearching(['title', 'body'], false));
    const app = { deps: { handle: { db: t.handle.db } }, services: {} } as unknown as Parameters<typeof routes>[0];
    await expect(routes(app, {})).rejects.toThrow(/declares idSearch/);
  });
});

describe('a status filter of statuses', () => {
  it('makes each status its own choice, under its own name', () => {
    const list = declareList({
      name: 'tickets',
      sorts: ['id'],
      defaultOrder: { order: 'asc' },
      statuses: ['open', 'closed'],
      statusFilter: ['open', 'closed'],
      searchFields: [],
      pageSize: 10,
      access: 'hosts.read',
      icon: 'comment',
      menuOrder: 0,
    });
    expect(list.statusFilter).toEqual({ open: 'open', closed: 'closed' });
  });
});
