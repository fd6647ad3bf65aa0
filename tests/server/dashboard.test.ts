import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/contracts/dashboard';
import { createTestApp, signedInTestApp } from './helpers/app';
import { insertBooking, insertFeedback, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();

const dashboard = async () => {
  const response = await t.request({ method: 'GET', url: '/api/admin/dashboard', token: t.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
};

describe('GET /api/admin/dashboard', () => {
  it('answers zero counts and no average on an empty database', async () => {
    const empty = await createTestApp();
    try {
      const response = await empty.request({ method: 'GET', url: '/api/admin/dashboard', token: await empty.login() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        hosts: { total: 0, approved: 0, pending: 0, rejected: 0 },
        listingsAwaitingDecision: 0,
        propertiesAwaitingApproval: 0,
        bookings: { total: 0, confirmed: 0, pending: 0, cancelled: 0, completed: 0 },
        feedback: { count: 0, averageRating: null },
      });
    } finally {
      await empty.close();
    }
  });

  it('counts hosts by status, open listing and property decisions, bookings by status and feedback', async () => {
    const before = await dashboard();
    const confirmed = await insertHost(t.handle, { statusHost: 'Confirmed' });
    await insertHost(t.handle, { statusHost: 'Pending' });
    await insertHost(t.handle, { statusHost: 'Rejected' });
    await insertGuest(t.handle);
    await insertProperty(t.handle, confirmed.id, { listingStatus: 'Pending', approvalStatus: 'pending' });
    await insertProperty(t.handle, confirmed.id, { listingStatus: 'Approved', approvalStatus: 'confirmed' });
    await insertProperty(t.handle, confirmed.id, { listingStatus: 'Declined', approvalStatus: 'pending' });
    for (const status of ['confirmed', 'pending', 'pending', 'cancelled', 'completed'] as const) await insertBooking(t.handle, { status });
    const after = await dashboard();
    expect(after.hosts).toEqual({
      total: before.hosts.total + 3,
      approved: before.hosts.approved + 1,
      pending: before.hosts.pending + 1,
      rejected: before.hosts.rejected + 1,
    });
    expect(after.listingsAwaitingDecision).toBe(before.listingsAwaitingDecision + 1);
    expect(after.propertiesAwaitingApproval).toBe(before.propertiesAwaitingApproval + 2);
    expect(after.bookings).toEqual({
      total: before.bookings.total + 5,
      confirmed: before.bookings.confirmed + 1,
      pending: before.bookings.pending + 2,
      cancelled: before.bookings.cancelled + 1,
      completed: before.bookings.completed + 1,
    });
  });

  it('answers the mean rating to one decimal and the feedback count', async () => {
    const fresh = await createTestApp();
    try {
      for (const rating of [5, 4, 4]) await insertFeedback(fresh.handle, { rating });
      const response = await fresh.request({ method: 'GET', url: '/api/admin/dashboard', token: await fresh.login() });
      expect(response.json<Dashboard>().feedback).toEqual({ count: 3, averageRating: 4.3 });
    } finally {
      await fresh.close();
    }
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/dashboard', token: 'q'.repeat(43) })).statusCode).toBe(401);
  });
});
