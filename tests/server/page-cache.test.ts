// List pages are cached under the versions of the tables they read: an answer is served again only
// while none of those tables has changed, and any write shows in the very next request.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, dataVersionsNow, properties, users } from '../../server/db/schema';
import { readCounters } from '../../server/db/counters';
import { createPageCache, type PageQuery } from '../../server/lib/page-cache';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertFeedback, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();

async function versionOf(name: string): Promise<number> {
  const [row] = await t.handle.db
    .select({ value: sql<string>`sum(${dataVersionsNow.value})` })
    .from(dataVersionsNow)
    .where(eq(dataVersionsNow.name, name));
  return Number(row.value);
}

async function search(path: string, q: string, extra = '') {
  const response = await t.request({ method: 'GET', url: `${path}?page=1&q=${encodeURIComponent(q)}${extra}`, token: t.token });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<{ id: number }[]>(), total: Number(response.headers['x-total-count']) };
}

describe('data versions', () => {
  it('move for every statement that writes a listed table, and only then', async () => {
    const before = await Promise.all(['bookings', 'feedbacks', 'properties', 'users'].map(versionOf));
    const guest = await insertGuest(t.handle);
    const afterGuest = await Promise.all(['bookings', 'feedbacks', 'properties', 'users'].map(versionOf));
    expect(afterGuest.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(afterGuest[3]).not.toBe(before[3]);

    await insertFeedback(t.handle, { userId: guest.id });
    expect(await versionOf('feedbacks')).not.toBe(before[1]);
    await t.handle.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, guest.id));
    expect(await versionOf('users')).not.toBe(afterGuest[3]);
  });

  it('of users move only when a column some list shows changes, not when a user is seen', async () => {
    const guest = await insertGuest(t.handle);
    const before = await versionOf('users');
    await t.handle.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, guest.id));
    expect(await versionOf('users')).toBe(before);
    await t.handle.db.update(users).set({ country: 'Djibouti' }).where(eq(users.id, guest.id));
    expect(await versionOf('users')).not.toBe(before);
  });

  it('stay put when the writing transaction rolls back', async () => {
    const before = await versionOf('users');
    await expect(
      t.handle.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name: 'Never seen' })
          .where(sql`true`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf('users')).toBe(before);
  });
});

describe('a cached page', () => {
  it('shows a renamed guest, a new property and a status change in the next bookings search', async () => {
    const tag = 'cachetagbooking';
    const host = await insertHost(t.handle);
    const guest = await insertGuest(t.handle, { name: `Ayaan ${tag}` });
    const property = await insertProperty(t.handle, host.id);
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, status: 'pending' });

    expect((await search('/api/admin/bookings', tag)).total).toBe(1);
    expect((await search('/api/admin/bookings', tag)).total).toBe(1); // served from the cache

    await t.handle.db.update(users).set({ name: 'Ayaan Other' }).where(eq(users.id, guest.id));
    expect((await search('/api/admin/bookings', tag)).total).toBe(0);

    const other = await insertProperty(t.handle, host.id, { title: `Flat ${tag}` });
    await insertBooking(t.handle, { guestId: guest.id, propertyId: other.id, status: 'pending' });
    expect((await search('/api/admin/bookings', tag)).total).toBe(1);
    expect((await search('/api/admin/bookings', tag, '&status=pending')).total).toBe(1);

    await t.handle.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.propertyId, other.id));
    expect((await search('/api/admin/bookings', tag, '&status=pending')).total).toBe(0);
    expect((await search('/api/admin/bookings', tag, '&status=confirmed')).total).toBe(1);
    expect(booking.id).toBeGreaterThan(0);
  });

  it('shows a host approved through the API in the next hosts search', async () => {
    const tag = 'cachetaghost';
    const host = await insertHost(t.handle, { name: `Hodan ${tag}`, statusHost: 'Pending' });
    expect((await search('/api/admin/hosts', tag, '&status=Pending')).total).toBe(1);
    const approved = await t.request({ method: 'POST', url: `/api/admin/update-status-host/${host.id}`, token: t.token });
    expect(approved.statusCode, approved.body).toBeLessThan(300);
    expect((await search('/api/admin/hosts', tag, '&status=Pending')).total).toBe(0);
    expect((await search('/api/admin/hosts', tag, '&status=Confirmed')).total).toBe(1);
  });

  it('shows a new listing title and a host rename in the next listings and property searches', async () => {
    const tag = 'cachetaglisting';
    const host = await insertHost(t.handle, { name: 'Plain Name' });
    expect((await search('/api/admin/listings', tag)).total).toBe(0);
    expect((await search('/api/admin/property-approvals', tag)).total).toBe(0);
    const property = await insertProperty(t.handle, host.id, { title: `Villa ${tag}` });
    expect((await search('/api/admin/listings', tag)).rows.map((row) => row.id)).toEqual([property.id]);
    expect((await search('/api/admin/property-approvals', tag)).total).toBe(1);

    await t.handle.db.update(properties).set({ title: 'Villa' }).where(eq(properties.id, property.id));
    await t.handle.db
      .update(users)
      .set({ name: `Owner ${tag}` })
      .where(eq(users.id, host.id));
    expect((await search('/api/admin/listings', tag)).total).toBe(0);
    expect((await search('/api/admin/property-approvals', tag)).total).toBe(1); // matched by the host's name now
  });

  it('shows new rows and totals on unsearched pages at once: hosts, bookings and the landing data', async () => {
    const token2 = t.token;
    const firstPage = async (path: string) => {
      const response = await t.request({ method: 'GET', url: `${path}?page=1`, token: token2 });
      expect(response.statusCode, response.body).toBe(200);
      return { ids: response.json<{ id: number }[]>().map((row) => row.id), total: Number(response.headers['x-total-count']) };
    };
    const hostsBefore = await firstPage('/api/admin/hosts');
    expect(await firstPage('/api/admin/hosts')).toEqual(hostsBefore); // served from the cache
    const host = await insertHost(t.handle);
    const hostsAfter = await firstPage('/api/admin/hosts');
    expect(hostsAfter.total).toBe(hostsBefore.total + 1);

    const bookingsBefore = await firstPage('/api/admin/bookings');
    const booking = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id)).id });
    const bookingsAfter = await firstPage('/api/admin/bookings');
    expect(bookingsAfter.total).toBe(bookingsBefore.total + 1);
    expect(bookingsAfter.ids[0]).toBe(booking.id);

    const subscribersBefore = await t.request({ method: 'GET', url: '/api/admin/email-subscribers?page=1', token: t.token });
    const posted = await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'cache-check@hoy.test' } });
    expect(posted.statusCode, posted.body).toBe(201);
    const subscribersAfter = await t.request({ method: 'GET', url: '/api/admin/email-subscribers?page=1', token: t.token });
    expect(Number(subscribersAfter.headers['x-total-count'])).toBe(Number(subscribersBefore.headers['x-total-count']) + 1);
    expect(subscribersAfter.body).toContain('cache-check@hoy.test');

    const interestBefore = await t.request({ method: 'GET', url: '/api/admin/host-information?page=1', token: t.token });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/data/add-host-information',
      payload: { name: 'Cache Check', email: 'cache-interest@hoy.test', phone: '+252611234567', address: 'Hargeisa' },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const interestAfter = await t.request({ method: 'GET', url: '/api/admin/host-information?page=1', token: t.token });
    expect(Number(interestAfter.headers['x-total-count'])).toBe(Number(interestBefore.headers['x-total-count']) + 1);
    expect(interestAfter.body).toContain('Cache Check');
  });

  it('shows a new feedback and a renamed author in the next feedback search', async () => {
    const tag = 'cachetagfeedback';
    expect((await search('/api/admin/feedbacks', tag)).total).toBe(0);
    await insertFeedback(t.handle, { comments: `Quiet and ${tag}` });
    expect((await search('/api/admin/feedbacks', tag)).total).toBe(1);

    // An author renamed: the feedback list shows and searches its authors' names.
    const author = await insertGuest(t.handle, { name: `Sagal ${tag}author` });
    await insertFeedback(t.handle, { userId: author.id, comments: 'Nothing to find here.' });
    expect((await search('/api/admin/feedbacks', `${tag}author`)).total).toBe(1);
    await t.handle.db.update(users).set({ name: 'Sagal Other' }).where(eq(users.id, author.id));
    expect((await search('/api/admin/feedbacks', `${tag}author`)).total).toBe(0);
  });
});

describe('the cache itself', () => {
  it('computes a cold search once for concurrent callers and again only after a write', async () => {
    const cache = createPageCache(t.handle.db, { maxEntries: 10 });
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return computed;
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.remember('list', ['users'], 'key', compute)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(await cache.remember('list', ['users'], 'key', compute)).toBe(1);
    expect(await cache.remember('list', ['users'], 'other key', compute)).toBe(2);
    expect(await cache.remember('list', ['feedbacks'], 'key', compute)).toBe(3);

    await insertGuest(t.handle);
    expect(await cache.remember('list', ['users'], 'key', compute)).toBe(4);
    expect(await cache.remember('list', ['feedbacks'], 'key', compute)).toBe(3); // feedbacks did not change
  });

  it('keeps no failure and no more than its size, dropping the least recently used', async () => {
    const cache = createPageCache(t.handle.db, { maxEntries: 2 });
    let computed = 0;
    const compute = async () => (computed += 1);
    await expect(cache.remember('list', ['users'], 'fails', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(await cache.remember('list', ['users'], 'fails', compute)).toBe(1);

    expect(await cache.remember('list', ['users'], 'a', compute)).toBe(2);
    expect(await cache.remember('list', ['users'], 'fails', compute)).toBe(1); // used again: now the newest
    expect(await cache.remember('list', ['users'], 'b', compute)).toBe(3); // drops "a"
    expect(await cache.remember('list', ['users'], 'fails', compute)).toBe(1);
    expect(await cache.remember('list', ['users'], 'a', compute)).toBe(4);
  });

  it('computes every time when its size is 0, and keys a page by everything that decides it', async () => {
    const off = createPageCache(t.handle.db, { maxEntries: 0 });
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await off.remember('list', ['users'], 'key', compute)).toBe(1);
    expect(await off.remember('list', ['users'], 'key', compute)).toBe(2);

    const on = createPageCache(t.handle.db, { maxEntries: 10 });
    expect(await on.page('list', ['users'], { page: 1 }, compute)).toBe(3);
    expect(await on.page('list', ['users'], { page: 1 }, compute)).toBe(3);
    expect(await on.page('list', ['users'], { page: 1, q: '  ' }, compute)).toBe(3); // a blank search is no search
    expect(await on.page('list', ['users'], { page: 1, q: 'x' }, compute)).toBe(4);
    expect(await on.page('list', ['users'], { page: 1, q: ' x ' }, compute)).toBe(4);
    expect(await on.page('list', ['users'], { page: 2, q: 'x' }, compute)).toBe(5);
    expect(await on.page('list', ['users'], { page: 2, q: 'x', pageSize: 20 }, compute)).toBe(6);
    expect(await on.page('list', ['users'], { page: 2, q: 'x', sort: 'name' }, compute)).toBe(7);
    expect(await on.page('list', ['users'], { page: 2, q: 'x', sort: 'name', order: 'desc' }, compute)).toBe(8);
    expect(await on.page('list', ['users'], { page: 2, q: 'x', sort: 'name', order: 'desc', status: 'Pending' }, compute)).toBe(9);
    expect(await on.page('other list', ['users'], { page: 1 }, compute)).toBe(10);
  });

  it('counts a search once for all its pages and sorts, but once per status, and an unsearched total every time', async () => {
    const cache = createPageCache(t.handle.db, { maxEntries: 10 });
    let counted = 0;
    const count = async () => (counted += 1);
    const totalOf = (query: PageQuery) => cache.page('list', ['users'], query, (rememberTotal) => rememberTotal(count));
    expect(await totalOf({ q: 'x', page: 1 })).toBe(1);
    expect(await totalOf({ q: 'x', page: 7, sort: 'name', order: 'desc' })).toBe(1);
    expect(await totalOf({ q: 'x', status: 'Pending' })).toBe(2);
    expect(await totalOf({ page: 1 })).toBe(3);
    expect(await totalOf({ page: 2 })).toBe(4);
  });

  it('answers an unsearched total from the counter read with the versions, at those versions, without counting', async () => {
    const cache = createPageCache(t.handle.db, { maxEntries: 10 });
    let counted = 0;
    const count = async () => (counted += 1);
    const totalOf = (query: PageQuery, counter: string) => cache.page('hosts', ['users'], query, (rememberTotal) => rememberTotal(count), counter);
    const before = await readCounters(t.handle.db, ['hosts', 'hosts:Pending']);
    expect(await totalOf({ page: 1 }, 'hosts')).toBe(before.hosts);
    expect(await totalOf({ page: 1, status: 'Pending' }, 'hosts:Pending')).toBe(before['hosts:Pending']);
    // A counter never written reads 0, as readCounters reads it.
    expect(await totalOf({ page: 2 }, 'hosts:No such status')).toBe(0);
    expect(counted).toBe(0);

    // A new host moves the counter and the users' version together: the next page has the new total.
    await insertHost(t.handle, { statusHost: 'Pending' });
    expect(await totalOf({ page: 1 }, 'hosts')).toBe(before.hosts + 1);
    expect(await totalOf({ page: 1, status: 'Pending' }, 'hosts:Pending')).toBe(before['hosts:Pending'] + 1);
    expect(counted).toBe(0);
  });

  it('gives the host list its exact total from the counter on every page, and a search its count', async () => {
    const before = await readCounters(t.handle.db, ['hosts', 'hosts:Confirmed']);
    const page = async (query: string) => {
      const response = await t.request({ method: 'GET', url: `/api/admin/hosts?${query}`, token: t.token });
      expect(response.statusCode, response.body).toBe(200);
      return Number(response.headers['x-total-count']);
    };
    expect(await page('page=1')).toBe(before.hosts);
    expect(await page('page=1&status=Confirmed')).toBe(before['hosts:Confirmed']);
    await insertHost(t.handle, { statusHost: 'Confirmed', name: 'Counted Once Zebra' });
    expect(await page('page=1')).toBe(before.hosts + 1);
    expect(await page('page=1&status=Confirmed')).toBe(before['hosts:Confirmed'] + 1);
    expect(await page(`page=1&q=${encodeURIComponent('Counted Once Zebra')}`)).toBe(1);
  });
});
