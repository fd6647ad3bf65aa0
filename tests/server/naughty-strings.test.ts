// The naughty strings through every text field of every write route: each is refused with a 4xx or
// stored and read back byte-identical. Text the database cannot hold (NUL, lone surrogates) is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed/demo';
import { createTestApp, type TestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';
import { NAUGHTY_STRINGS, UNSTORABLE_STRINGS } from './helpers/naughty-strings';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPublic: 1_000_000, rateLimitLogin: 1_000_000 });
  await seedDemo(t.handle, { referenceDate: new Date('2026-11-01T09:00:00Z') });
  token = await t.login();
}, 120_000);
afterAll(() => t.close());

/** Sends one JSON body; answers the status after checking it is never a 5xx and never a silent 2xx for unstorable text. */
async function send(method: 'POST' | 'PUT', url: string, body: unknown, text: string) {
  const answer = await t.request({ method, url, token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const label = `${method} ${url} ${JSON.stringify(text).slice(0, 60)}`;
  expect(answer.statusCode, `${label} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  const isUnstorable = UNSTORABLE_STRINGS.includes(text);
  expect(isUnstorable ? answer.statusCode : 400, `${label} must be refused`).toBe(400);
  return answer;
}

const everyString = [...NAUGHTY_STRINGS, ...UNSTORABLE_STRINGS];

/** Counts what was stored, so a run that refuses everything cannot pass by accident. */
const accepted = new Map<string, number>();
const countAccepted = (field: string) => accepted.set(field, (accepted.get(field) ?? 0) + 1);

describe('naughty strings', () => {
  it('landing host form: every field reads back byte-identical in the admin list', async () => {
    const base = { name: 'Amina', email: 'amina@example.com', phone: '+252 61 000', address: 'Lido Beach Road' };
    type Row = Record<string, unknown> & { id: number };
    const listRows = async () => (await t.request({ method: 'GET', url: '/api/admin/host-information', token })).json<Row[]>();
    // The answer names no id, so the accepted bodies are matched, in order, with the rows added after this point.
    const lastIdBefore = Math.max(0, ...(await listRows()).map((row) => row.id));
    const sent: Array<Record<string, string>> = [];
    for (const field of Object.keys(base)) {
      for (const text of everyString) {
        const body = { ...base, [field]: text };
        const answer = await send('POST', '/api/data/add-host-information', body, text);
        if (answer.statusCode === 201) {
          sent.push(body);
          countAccepted(`host-information.${field}`);
        }
      }
    }
    const added = (await listRows()).filter((row) => row.id > lastIdBefore).sort((left, right) => left.id - right.id);
    expect(added.map((row) => ({ name: row.name, email: row.email, phone: row.phone, address: row.address }))).toEqual(sent);
    expect(accepted.get('host-information.name')).toBeGreaterThan(NAUGHTY_STRINGS.length / 2);
  });

  it('landing subscription: an accepted address reads back as sent (or as the row it was merged into, ignoring case)', async () => {
    // The answer names no id: each accepted address must be listed as sent, or as the first spelling that differs only in case.
    const firstSpelling = new Map<string, string>();
    const acceptedAddresses: string[] = [];
    for (const text of everyString) {
      const answer = await send('POST', '/api/data/add-email-subscriber', { email: text }, text);
      if (answer.statusCode !== 201) continue;
      acceptedAddresses.push(text);
      if (!firstSpelling.has(text.toLowerCase())) firstSpelling.set(text.toLowerCase(), text);
    }
    const rows = (await t.request({ method: 'GET', url: '/api/admin/email-subscribers', token })).json<Array<{ id: number; email: string }>>();
    const listed = new Set(rows.map((row) => row.email));
    for (const text of acceptedAddresses) {
      expect(listed.has(text) || listed.has(firstSpelling.get(text.toLowerCase())!), JSON.stringify(text)).toBe(true);
    }
    expect(firstSpelling.size).toBeGreaterThan(3);
  });

  it('host details edit: every accepted field reads back byte-identical', async () => {
    const host = await insertHost(t.handle);
    const base = { name: 'Amina Hassan', email: `naughty-${host.id}@example.com`, phone: '+252 61 000', propertyAddress: 'Lido Beach Road' };
    for (const field of Object.keys(base)) {
      for (const text of everyString) {
        const body = { ...base, [field]: text };
        const answer = await send('PUT', `/api/hosts/${host.id}`, body, text);
        if (answer.statusCode !== 200) continue;
        countAccepted(`host.${field}`);
        const read = await t.request({ method: 'GET', url: `/api/hosts/${host.id}`, token });
        expect(read.json().data[field], `${field} ${JSON.stringify(text).slice(0, 60)}`).toBe(text);
      }
    }
    expect(accepted.get('host.name')).toBeGreaterThan(NAUGHTY_STRINGS.length / 2);
  });

  it('chat messages: every accepted text reads back byte-identical', async () => {
    const conversations = (await t.request({ method: 'GET', url: '/api/admin/conversations', token })).json<Array<{ id: number }>>();
    const conversationId = conversations[0].id;
    for (const text of everyString) {
      const answer = await send('POST', `/api/admin/conversations/${conversationId}/messages`, { text }, text);
      if (answer.statusCode >= 300) continue;
      countAccepted('message.text');
      const id = answer.json<{ id: number }>().id;
      const read = await t.request({ method: 'GET', url: `/api/admin/conversations/${conversationId}/messages?afterId=${id - 1}`, token });
      expect(read.json<Array<{ id: number; text: string }>>().find((message) => message.id === id)?.text).toBe(text);
    }
    expect(accepted.get('message.text')).toBeGreaterThan(NAUGHTY_STRINGS.length / 2);
  });

  it('listing decline reason: every accepted reason reads back byte-identical', async () => {
    const host = await insertHost(t.handle);
    for (const text of everyString) {
      const property = await insertProperty(t.handle, host.id);
      const answer = await send('POST', `/api/admin/listings/${property.id}/decline`, { reason: text }, text);
      if (answer.statusCode !== 200) continue;
      countAccepted('listing.reason');
      const read = await t.request({ method: 'GET', url: `/api/admin/listings/${property.id}`, token });
      expect(read.json().declineReason).toBe(text);
    }
    expect(accepted.get('listing.reason')).toBeGreaterThan(NAUGHTY_STRINGS.length / 2);
  });

  it('promos: free-text-looking fields either refuse the string or store it exactly', async () => {
    const guest = { promoCode: 'HOY5', validUntil: '2025-10-31', promoValue: 5, activation: true };
    const host = { validityEnds: '2025-10-31', freeStays: 5, isActive: true };
    const cases = [
      ...Object.keys({ promoCode: 0, validUntil: 0 }).map((field) => ({ url: '/api/admin/promos/guest', base: guest, field })),
      { url: '/api/admin/promos/host-regular', base: host, field: 'validityEnds' },
    ];
    for (const { url, base, field } of cases) {
      for (const text of everyString) {
        const answer = await send('PUT', url, { ...base, [field]: text }, text);
        if (answer.statusCode !== 200) continue;
        const read = await t.request({ method: 'GET', url, token });
        expect(read.json()[field]).toBe(text);
      }
    }
  });

  it('sign-in and every list search take any string without a 5xx', async () => {
    const lists = ['hosts', 'bookings', 'feedbacks', 'listings', 'property-approvals', 'conversations', 'host-information', 'email-subscribers'];
    // A sign-in costs a deliberate scrypt: one string in four is enough to show it cannot be broken.
    for (const text of everyString.filter((_, index) => index % 4 === 0)) {
      const login = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: text, password: text } });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
      expect(login.statusCode).toBeLessThan(500);
    }
    for (const [index, text] of everyString.entries()) {
      // Each string searches one list, in turn, which covers every list with every kind of string.
      for (const list of [lists[index % lists.length]]) {
        const query = encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
        const answer = await t.request({ method: 'GET', url: `/api/admin/${list}?page=1&q=${query}`, token });
        expect(answer.statusCode, `${list} ${JSON.stringify(text).slice(0, 60)} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  }, 90_000);
});
