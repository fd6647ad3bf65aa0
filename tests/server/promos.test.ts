import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers/app';

const t = signedInTestApp();

beforeAll(async () => {
  // The test clock starts on 2026-11-01.
});

const get = (url: string) => t.request({ method: 'GET', url, token: t.token });
const put = (url: string, payload: Record<string, unknown>) => t.request({ method: 'PUT', url, token: t.token, payload });

const validGuest = { promoCode: 'WELCOME10', validUntil: '2027-01-31', promoValue: 10, activation: true };
const validHost = { validityEnds: '2027-03-01', freeStays: 3, isActive: false };

async function promoRows() {
  return t.handle.query<{ kind: string; promo_code: string | null; valid_until: string; version: number }>(
    sql`SELECT kind, promo_code, valid_until::text AS valid_until, version FROM promos ORDER BY kind`,
  );
}

describe('reading promos', () => {
  it('refuses a call without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/promos' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/promos/guest' })).statusCode).toBe(401);
  });

  it('answers the three overview cards, created with the defaults in an empty database', async () => {
    const response = await get('/api/admin/promos');
    expect(response.statusCode).toBe(200);
    const cards = response.json<Array<Record<string, unknown>>>();
    expect(cards.find((card) => card.kind === 'guest')).toEqual({
      kind: 'guest',
      name: 'Guest Promo',
      status: 'Active',
      validUntil: '2025-10-31',
      promoCode: 'HOY5',
      promoValue: 5,
    });
    expect(cards.find((card) => card.kind === 'host-new-joiner')).toMatchObject({ status: 'Active', numberOfStays: 5, validUntil: '2025-10-31' });
    expect(cards.find((card) => card.kind === 'host-regular')).toMatchObject({ status: 'Active', numberOfStays: 5 });
    expect(await promoRows()).toHaveLength(3);
  });

  it('answers each screen state with its own field names', async () => {
    expect((await get('/api/admin/promos/guest')).json()).toMatchObject({
      kind: 'guest',
      promoCode: expect.any(String),
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      promoValue: expect.any(Number),
      activation: expect.any(Boolean),
      version: expect.any(Number),
      updatedAt: expect.any(String),
    });
    expect((await get('/api/admin/promos/host-regular')).json()).toMatchObject({
      kind: 'host-regular',
      validityEnds: expect.any(String),
      freeStays: expect.any(Number),
      isActive: expect.any(Boolean),
    });
  });

  it("shows a stored value that today's rules would refuse instead of failing", async () => {
    await get('/api/admin/promos');
    await t.handle.query(sql`UPDATE promos SET promo_code = NULL WHERE kind = 'guest'`);
    const response = await get('/api/admin/promos/guest');
    expect(response.statusCode).toBe(200);
    expect(response.json().promoCode).toBe('');
    await t.handle.query(sql`UPDATE promos SET promo_code = 'HOY5' WHERE kind = 'guest'`);
  });

  it('answers 404 for an unknown kind', async () => {
    expect((await get('/api/admin/promos/vip')).statusCode).toBe(404);
    expect((await put('/api/admin/promos/vip', validHost)).statusCode).toBe(404);
  });
});

describe('saving the guest promo', () => {
  it('saves a valid state, bumps the version and audits before and after', async () => {
    const before = (await get('/api/admin/promos/guest')).json();
    const response = await put('/api/admin/promos/guest', { ...validGuest, version: before.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...validGuest, version: before.version + 1 });
    expect((await get('/api/admin/promos/guest')).json()).toMatchObject(validGuest);
    const [row] = (await promoRows()).filter((promo) => promo.kind === 'guest');
    const [{ id }] = await t.handle.query<{ id: number }>(sql`SELECT id FROM promos WHERE kind = 'guest'`);
    const audit = (await get(`/api/admin/audit?entityType=promo&entityId=${id}`)).json();
    expect(audit[0]).toMatchObject({ action: 'promo.update', before: { promoCode: before.promoCode }, after: { promoCode: 'WELCOME10' } });
    expect(row.version).toBe(before.version + 1);
  });

  it('saves an expired date like any other (docs/product.md §14), and switching an expired promo off', async () => {
    const guest = await put('/api/admin/promos/guest', { ...validGuest, validUntil: '2025-10-31', promoCode: 'PAST1' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ validUntil: '2025-10-31', promoCode: 'PAST1' });
    const host = await put('/api/admin/promos/host-regular', { ...validHost, validityEnds: '2025-10-31', freeStays: 9, isActive: true });
    expect(host.statusCode).toBe(200);
    const off = await put('/api/admin/promos/host-regular', { ...validHost, validityEnds: '2025-10-31', freeStays: 9, isActive: false });
    expect(off.statusCode).toBe(200);
    const cards = (await get('/api/admin/promos')).json<Array<{ kind: string; status: string; validUntil: string; numberOfStays?: number }>>();
    expect(cards.find((card) => card.kind === 'host-regular')).toMatchObject({ status: 'Inactive', validUntil: '2025-10-31', numberOfStays: 9 });
    expect((await get('/api/admin/promos/guest')).json()).toMatchObject({ validUntil: '2025-10-31', promoCode: 'PAST1' });
  });

  it('accepts today and shows Inactive on the overview when deactivated', async () => {
    const response = await put('/api/admin/promos/guest', { ...validGuest, validUntil: '2026-11-01', activation: false });
    expect(response.statusCode).toBe(200);
    const cards = (await get('/api/admin/promos')).json<Array<{ kind: string; status: string }>>();
    expect(cards.find((card) => card.kind === 'guest')?.status).toBe('Inactive');
  });

  it('refuses invalid values with clear messages and changes nothing', async () => {
    const before = await promoRows();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ validUntil: '2027-02-30' }, /real date/],
      [{ validUntil: '31/01/2027' }, /real date/],
      [{ promoValue: 0 }, /Promo value/],
      [{ promoValue: 101 }, /Promo value/],
      [{ promoValue: 5.5 }, /Promo value/],
      [{ promoValue: '5%' }, /Promo value/],
      [{ promoCode: 'HOY 5' }, /letters or digits/],
      [{ promoCode: '' }, /letters or digits/],
      [{ promoCode: 'A'.repeat(33) }, /letters or digits/],
      [{ promoCode: '<script>' }, /letters or digits/],
      [{ activation: 'yes' }, /true or false/],
    ];
    for (const [change, message] of cases) {
      const response = await put('/api/admin/promos/guest', { ...validGuest, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await promoRows()).toEqual(before);
  });

  it('refuses a stale version with 409', async () => {
    const current = (await get('/api/admin/promos/guest')).json();
    const response = await put('/api/admin/promos/guest', { ...validGuest, version: current.version - 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/changed by someone else/);
  });

  it('refuses a promo code another promo uses, whatever its letter case', async () => {
    await t.handle.query(sql`UPDATE promos SET promo_code = 'TAKEN1' WHERE kind = 'host_regular'`);
    const response = await put('/api/admin/promos/guest', { ...validGuest, promoCode: 'taken1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This promo code is already used by another promo');
    await t.handle.query(sql`UPDATE promos SET promo_code = NULL WHERE kind = 'host_regular'`);
  });
});

describe('saving a host promo', () => {
  it('saves the new joiner promo and leaves the regular one alone', async () => {
    const regularBefore = (await get('/api/admin/promos/host-regular')).json();
    const response = await put('/api/admin/promos/host-new-joiner', validHost);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'host-new-joiner', ...validHost });
    expect((await get('/api/admin/promos/host-regular')).json()).toEqual(regularBefore);
    const cards = (await get('/api/admin/promos')).json<Array<{ kind: string; status: string; numberOfStays?: number }>>();
    expect(cards.find((card) => card.kind === 'host-new-joiner')).toMatchObject({ status: 'Inactive', numberOfStays: 3, validUntil: '2027-03-01' });
  });

  it('refuses free stays outside 1..365', async () => {
    for (const freeStays of [0, 366, 2.5, '3']) {
      const response = await put('/api/admin/promos/host-regular', { ...validHost, freeStays });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/free stays/);
    }
    expect((await t.request({ method: 'PUT', url: '/api/admin/promos/host-regular', payload: validHost })).statusCode).toBe(401);
  });
});
