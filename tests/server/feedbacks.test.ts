import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Feedback } from '../../src/contracts/feedbacks';
import { declaration as feedbackList } from '../../src/contracts/lists/feedbacks';
import { signedInTestApp } from './helpers/app';
import { insertFeedback, insertGuest } from './helpers/fixtures';

const t = signedInTestApp();

let tagCount = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const newTag = () => `fbktag${(tagCount += 1)}q`;

const get = (url: string, withToken = true) => t.request({ method: 'GET', url, token: withToken ? t.token : undefined });

async function page(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await get(`/api/admin/feedbacks?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<Feedback[]>();
  return { rows, ids: rows.map((row) => row.id), total: Number(response.headers['x-total-count']) };
}

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

/** Newest first: createdAt descending, then id descending. */
function isNewestFirst(rows: Feedback[]): boolean {
  return rows.every((row, index) => {
    if (index === 0) return true;
    const previous = rows[index - 1];
    return previous.createdAt > row.createdAt || (previous.createdAt === row.createdAt && previous.id > row.id);
  });
}

describe('GET /api/admin/feedbacks without parameters', () => {
  it('answers every feedback newest first with its author', async () => {
    const guest = await insertGuest(t.handle, { name: 'Ilhan Yusuf', email: 'ilhan@hoy.test', country: 'Kenya' });
    const older = await insertFeedback(t.handle, { userId: guest.id, rating: 4, comments: 'Clean and quiet.', createdAt: day(2) });
    const newer = await insertFeedback(t.handle, { userId: null, rating: 2, comments: null, createdAt: day(3) });
    const response = await get('/api/admin/feedbacks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    const rows = response.json<Feedback[]>();
    expect(rows.find((row) => row.id === older.id)).toEqual({
      id: older.id,
      rating: 4,
      comments: 'Clean and quiet.',
      createdAt: day(2).toISOString(),
      User: { name: 'Ilhan Yusuf', email: 'ilhan@hoy.test', country: 'Kenya', suspendedAt: null },
    });
    expect(rows.find((row) => row.id === newer.id)).toMatchObject({ User: null, comments: null });
    expect(rows.findIndex((row) => row.id === newer.id)).toBeLessThan(rows.findIndex((row) => row.id === older.id));
    expect(isNewestFirst(rows)).toBe(true);
  });

  it('streams more than one batch in order, each row once, even within one millisecond', async () => {
    // 1,200 rows a microsecond apart: a cursor rounded to milliseconds would skip or repeat rows.
    await t.handle.query(sql`
      INSERT INTO feedbacks (rating, comments, created_at)
      SELECT 1 + n % 5, 'bulk ' || n, timestamptz '2024-03-01 10:00:00+00' + n * interval '1 microsecond'
      FROM generate_series(1, 1200) AS n`);
    const rows = (await get('/api/admin/feedbacks')).json<Feedback[]>();
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM feedbacks`);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.id)).size).toBe(count);
    const bulk = rows.filter((row) => row.comments?.startsWith('bulk '));
    expect(bulk.map((row) => row.comments)).toEqual(Array.from({ length: 1200 }, (_, index) => `bulk ${1200 - index}`));
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await get('/api/admin/feedbacks', false)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/feedbacks', token: 'z'.repeat(43) })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/feedbacks, paged form', () => {
  it('answers 10 per page by default, newest first, with the total in X-Total-Count', async () => {
    const tag = newTag();
    const inserted = [];
    for (let n = 1; n <= 12; n += 1) inserted.push(await insertFeedback(t.handle, { comments: `${tag} ${n}`, createdAt: day(n) }));
    const first = await page({ q: tag, page: 1 });
    expect(first.rows).toHaveLength(feedbackList.pageSize);
    expect(first.total).toBe(12);
    const second = await page({ q: tag, page: 2 });
    expect([...first.ids, ...second.ids]).toEqual(inserted.map((row) => row.id).reverse());
    expect((await page({ q: tag, sort: 'createdAt', order: 'asc', pageSize: 3 })).ids).toEqual(inserted.slice(0, 3).map((row) => row.id));
  });

  it('searches comments and the author name case-insensitively', async () => {
    const tag = newTag();
    const byComment = await insertFeedback(t.handle, { comments: `Great ${tag.toUpperCase()} view`, createdAt: day(1) });
    const author = await insertGuest(t.handle, { name: `Warsan ${tag}` });
    const byAuthor = await insertFeedback(t.handle, { userId: author.id, comments: 'Nice', createdAt: day(2) });
    const result = await page({ q: tag });
    expect(result.ids).toEqual([byAuthor.id, byComment.id]);
    expect(result.total).toBe(2);
  });

  it('takes % and _ in a search literally', async () => {
    const tag = newTag();
    const percent = await insertFeedback(t.handle, { comments: `${tag} 100% happy` });
    const underscore = await insertFeedback(t.handle, { comments: `${tag} wifi_speed` });
    await insertFeedback(t.handle, { comments: `${tag} 1000 happy` });
    await insertFeedback(t.handle, { comments: `${tag} wifiXspeed` });
    expect((await page({ q: `${tag} 100%` })).ids).toEqual([percent.id]);
    expect((await page({ q: 'wifi_speed' })).ids).toEqual([underscore.id]);
  });

  it('sorts by rating both ways, newest first among equal ratings', async () => {
    const tag = newTag();
    const low = await insertFeedback(t.handle, { comments: tag, rating: 1, createdAt: day(1) });
    const highOld = await insertFeedback(t.handle, { comments: tag, rating: 5, createdAt: day(2) });
    const highNew = await insertFeedback(t.handle, { comments: tag, rating: 5, createdAt: day(3) });
    expect((await page({ q: tag, sort: 'rating', order: 'desc' })).ids).toEqual([highNew.id, highOld.id, low.id]);
    expect((await page({ q: tag, sort: 'rating', order: 'asc' })).ids).toEqual([low.id, highNew.id, highOld.id]);
  });

  it('answers 400 for a bad page size, sort, order or a status filter', async () => {
    for (const query of ['pageSize=500', 'page=-1', 'sort=comments', 'order=random', 'status=pending']) {
      expect((await get(`/api/admin/feedbacks?${query}`)).statusCode, query).toBe(400);
    }
  });
});
