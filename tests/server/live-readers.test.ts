// The live stream says only what its reader may read (docs/decisions/026-live-changes.md), read from
// the raw text on the wire: while staff, promos and hosts change, a Viewer's stream carries no staff
// change and no Activity entry about a staff account (its Activity hides them), live or replayed; a
// Support member's carries no Activity entry, promo or staff change at all. The administrator's
// stream carries them all, so the changes did happen.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { insertHost } from './helpers/fixtures';
import { changeText, listenOnFreePort, openRawStream, type RawStream } from './helpers/sse';
import { createStaff, loginAs } from './helpers/staff';

let t: TestApp;
let baseUrl = '';
let adminToken = '';

beforeAll(async () => {
  t = await createTestApp({ livePollMs: 50 });
  adminToken = await t.login();
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** A host inserted straight into the database: every role reads hosts, so every stream gets it, after what came before. */
async function marker(): Promise<string> {
  const host = await insertHost(t.handle);
  return changeText('hosts', 'created', host.id);
}

/** The Activity entries of a kind of record written after entry `afterId`, as their changes would be spelled. */
async function activityEntries(kind: string, afterId: number): Promise<string[]> {
  const rows = await t.handle.query<{ id: number }>(sql`SELECT id FROM audit_events WHERE entity_type = ${kind} AND id > ${afterId} ORDER BY id`);
  return rows.map((row) => changeText('activity', 'created', Number(row.id)));
}

/** The last `id:` line of a raw stream's text: its cursor, sent back as Last-Event-ID. */
const lastId = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].at(-1)?.[1];

describe('what each role reads on the live stream', () => {
  it('sends a Viewer and a Support member nothing about what their roles may not read, live or replayed', async () => {
    const viewer = await createStaff(t, adminToken, 'viewer');
    const support = await createStaff(t, adminToken, 'support');
    const viewerToken = await loginAs(t, viewer.email);
    const supportToken = await loginAs(t, support.email);
    const streams: Record<'admin' | 'viewer' | 'support', RawStream> = {
      admin: await openRawStream(baseUrl, adminToken),
      viewer: await openRawStream(baseUrl, viewerToken),
      support: await openRawStream(baseUrl, supportToken),
    };
    for (const stream of Object.values(streams)) expect(stream.status).toBe(200);
    const start = await marker();
    for (const stream of Object.values(streams)) await stream.readUntil(start);
    const resumeFrom = lastId(streams.viewer.text());
    expect(resumeFrom).toBeDefined();
    const [{ lastEntry }] = await t.handle.query<{ lastEntry: number }>(sql`SELECT coalesce(max(id), 0)::int AS "lastEntry" FROM audit_events`);

    // Staff change (two members created), a promo changes, a host is approved.
    const created = await createStaff(t, adminToken, 'moderator');
    await createStaff(t, adminToken, 'viewer', `second-viewer-${Date.now()}@hoy.test`);
    const promo = (await t.request({ method: 'GET', url: '/api/admin/promos/guest', token: adminToken })).json<{ version: number }>();
    const promoSaved = await t.request({
      method: 'PUT',
      url: '/api/admin/promos/guest',
      token: adminToken,
      payload: { promoCode: 'LIVE10', validUntil: '2027-01-31', promoValue: 10, activation: true, version: promo.version },
    });
    expect(promoSaved.statusCode, promoSaved.body).toBe(200);
    const pending = await insertHost(t.handle, { statusHost: 'Pending' });
    const approved = await t.request({ method: 'POST', url: `/api/admin/update-status-host/${pending.id}`, token: adminToken });
    expect(approved.statusCode, approved.body).toBe(200);
    const end = await marker();

    const staffEntries = await activityEntries('staff', lastEntry);
    const promoEntries = await activityEntries('promo', lastEntry);
    const hostEntries = await activityEntries('host', lastEntry);
    expect(staffEntries).toHaveLength(2);
    expect(promoEntries.length).toBeGreaterThan(0);
    expect(hostEntries.length).toBeGreaterThan(0);

    // The administrator reads everything: the changes above did reach the streams.
    const admin = await streams.admin.readUntil(end);
    for (const entry of [...staffEntries, ...promoEntries, ...hostEntries]) expect(admin).toContain(entry);
    expect(admin).toContain(changeText('staff', 'created', created.id));
    expect(admin).toContain('"resource":"promos"');

    // A Viewer reads Activity without staff accounts, promos and hosts, but not staff.
    const viewerReplay = await openRawStream(baseUrl, viewerToken, { 'last-event-id': resumeFrom! });
    for (const text of [await streams.viewer.readUntil(end), await viewerReplay.readUntil(end)]) {
      for (const entry of staffEntries) expect(text).not.toContain(entry);
      expect(text).not.toContain('"resource":"staff"');
      for (const entry of [...promoEntries, ...hostEntries]) expect(text).toContain(entry);
      expect(text).toContain('"resource":"promos"');
      expect(text).toContain(changeText('hosts', 'updated', pending.id));
    }
    viewerReplay.close();

    // Support reads hosts, but neither Activity, nor promos, nor staff, nor their counts.
    const supportText = await streams.support.readUntil(end);
    // Nor where the stream stands among every change: each id is sealed, and no two are alike, so
    // two of them do not tell how many changes were written between them.
    const ids = [...supportText.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(id).not.toMatch(/^\d+-\d+$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const resource of ['activity', 'promos', 'staff']) expect(supportText).not.toContain(`"resource":"${resource}"`);
    expect(supportText).toContain(changeText('hosts', 'updated', pending.id));
    const badges = [...supportText.matchAll(/^event: badges\ndata: (.+)$/gm)].map((match) => Object.keys(JSON.parse(match[1]) as object));
    expect(badges.length).toBeGreaterThan(0);
    for (const names of badges) expect(names.sort()).toEqual(['cases', 'chats', 'hosts', 'listings', 'property-approvals']);

    for (const stream of Object.values(streams)) stream.close();
    await expect.poll(() => t.app.services.live.size).toBe(0);
  });
});
