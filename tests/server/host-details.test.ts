import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../src/contracts/common';
import { HOST_EDIT_MESSAGES, validateHostEdit } from '../../src/contracts/hosts';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty, insertVerification } from './helpers/fixtures';

const t = signedInTestApp();

const valid = { name: 'Ayaan Hassan', email: 'ayaan@hoy.test', phone: '+252 61 555 0101', propertyAddress: '12 Airport Road, Hargeisa' };

const getHost = (id: number | string, withToken = true) => t.request({ method: 'GET', url: `/api/hosts/${id}`, token: withToken ? t.token : undefined });
const putHost = (id: number | string, payload: unknown, withToken = true) =>
  t.request({ method: 'PUT', url: `/api/hosts/${id}`, token: withToken ? t.token : undefined, payload: payload as Record<string, unknown> });
const deleteHost = (id: number | string, withToken = true) => t.request({ method: 'DELETE', url: `/api/hosts/${id}`, token: withToken ? t.token : undefined });

const auditEvents = (id: number) =>
  t.handle.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`SELECT action, before, after FROM audit_events WHERE entity_type = 'host' AND entity_id = ${id} ORDER BY id`,
  );

describe('GET /api/hosts/:id', () => {
  it('answers success and the host detail', async () => {
    const host = await insertHost(t.handle, { name: 'Ayaan', email: 'a@hoy.test', phone: '615550000', propertyAddress: '1 Road' });
    const response = await getHost(host.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: host.id,
        name: 'Ayaan',
        email: 'a@hoy.test',
        phone: '615550000',
        propertyAddress: '1 Road',
        createdAt: host.createdAt.toISOString(),
        updatedAt: host.updatedAt.toISOString(),
        suspendedAt: null,
        suspensionReason: null,
      },
    });
  });

  it('answers 404 "Host not found" with success false for an unknown id or a guest', async () => {
    const guest = await insertGuest(t.handle);
    for (const id of [2147483000, guest.id]) {
      const response = await getHost(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Host not found' });
    }
  });

  it('answers 400 with success false for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '-3', '2.5', '99999999999', '%27%20OR%201=1']) {
      const response = await getHost(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().success).toBe(false);
    }
    // Read as the number 1000: an unknown host, not a server error.
    expect((await getHost('1e3')).statusCode).toBe(404);
  });

  it('refuses a missing token with 401 and success false', async () => {
    const host = await insertHost(t.handle);
    const response = await getHost(host.id, false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, message: 'Unauthorized access. Please login again.' });
  });
});

describe('PUT /api/hosts/:id', () => {
  it('stores the four values, answers them and moves updatedAt', async () => {
    const host = await insertHost(t.handle);
    t.clock.advance(60_000);
    const response = await putHost(host.id, valid);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ id: host.id, ...valid, createdAt: host.createdAt.toISOString() });
    expect(body.data.updatedAt).toBe(t.clock.now().toISOString());
    expect(body.data.updatedAt).not.toBe(host.updatedAt.toISOString());
    expect((await getHost(host.id)).json().data).toEqual(body.data);
  });

  it('gives back exactly what was sent: emoji, quotes, markup, surrounding spaces', async () => {
    const host = await insertHost(t.handle);
    const values = {
      name: '  Xaliimo "Halima" O\'Brien 🏠 <script>alert(1)</script>  ',
      email: "o'brien+stay@hoy.test",
      phone: ' +252 (61) 555-0101 ',
      propertyAddress: 'Guriga 7\nWadada Maka Al-Mukarama, <b>Muqdisho</b> — ضيافة 🌴',
    };
    const response = await putHost(host.id, values);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = (await getHost(host.id)).json();
    expect({ name: data.name, email: data.email, phone: data.phone, propertyAddress: data.propertyAddress }).toEqual(values);
    const [stored] = await t.handle.query<{ name: string }>(sql`SELECT name FROM users WHERE id = ${host.id}`);
    expect(stored.name).toBe(values.name);
  });

  it('records the change with the values before and after', async () => {
    const host = await insertHost(t.handle, { name: 'Before', email: 'before@hoy.test', phone: '1', propertyAddress: 'Old road' });
    await putHost(host.id, valid);
    expect(await auditEvents(host.id)).toEqual([
      {
        action: 'host.update',
        before: { name: 'Before', email: 'before@hoy.test', phone: '1', propertyAddress: 'Old road' },
        after: valid,
      },
    ]);
  });

  it('checks the host edit rules (docs/product.md §20.1) in order and answers only the first failure', async () => {
    const host = await insertHost(t.handle);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', email: '', phone: '', propertyAddress: '' }, HOST_EDIT_MESSAGES.nameRequired],
      [{ ...valid, name: '   \t ', email: 'not an email' }, HOST_EDIT_MESSAGES.nameRequired],
      [{ ...valid, email: '  ', phone: '' }, HOST_EDIT_MESSAGES.emailRequired],
      [{ ...valid, phone: ' ', propertyAddress: '' }, HOST_EDIT_MESSAGES.phoneRequired],
      [{ ...valid, propertyAddress: '\n', email: 'bad' }, HOST_EDIT_MESSAGES.propertyAddressRequired],
      [{ ...valid, email: 'bad' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: 'a b@hoy.test' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: 'a@hoy' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: ' a@hoy.test' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: 'a@@hoy.test' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: 'a@hoy.' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ ...valid, email: '@hoy.test' }, HOST_EDIT_MESSAGES.emailInvalid],
      [{ email: 'a@hoy.test', phone: '1', propertyAddress: 'x' }, HOST_EDIT_MESSAGES.nameRequired],
      [{ name: 'Name' }, HOST_EDIT_MESSAGES.emailRequired],
      [{ ...valid, name: '', email: `${'e'.repeat(400)}@hoy.test` }, HOST_EDIT_MESSAGES.nameRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await putHost(host.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ success: false, message });
    }
  });

  it('refuses over-long values and wrong types with 400', async () => {
    const host = await insertHost(t.handle);
    const tooLong = await putHost(host.id, { ...valid, name: 'n'.repeat(321) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Name must be at most 320 characters');
    expect((await putHost(host.id, { ...valid, propertyAddress: 'a'.repeat(5001) })).statusCode).toBe(400);
    expect((await putHost(host.id, { ...valid, email: `${'e'.repeat(320)}@hoy.test` })).statusCode).toBe(400);
    expect((await putHost(host.id, { ...valid, name: 'n'.repeat(320), propertyAddress: 'a'.repeat(5000) })).statusCode).toBe(200);
    for (const payload of [{ ...valid, name: 42 }, { ...valid, phone: null }, { ...valid, email: ['a@b.co'] }, [valid]]) {
      const response = await putHost(host.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    // Malformed JSON, and a body that is not JSON at all.
    for (const [contentType, body] of [
      ['application/json', '{"name":'],
      ['text/plain', 'name'],
    ]) {
      const raw = await t.request({ method: 'PUT', url: `/api/hosts/${host.id}`, token: t.token, headers: { 'content-type': contentType }, payload: body });
      expect(raw.statusCode, contentType).toBe(400);
    }
  });

  it('changes nothing and records nothing when it refuses', async () => {
    const host = await insertHost(t.handle, { name: 'Unchanged' });
    const before = (await getHost(host.id)).json();
    t.clock.advance(60_000);
    expect((await putHost(host.id, { ...valid, email: 'not-an-email' })).statusCode).toBe(400);
    expect((await putHost(host.id, { ...valid, name: 7 })).statusCode).toBe(400);
    expect((await getHost(host.id)).json()).toEqual(before);
    expect(await auditEvents(host.id)).toEqual([]);
  });

  it('answers 404 for an unknown host or a guest, 400 for a malformed id, 401 without a token', async () => {
    const guest = await insertGuest(t.handle);
    const unknown = await putHost(2147483000, valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Host not found' });
    expect((await putHost(guest.id, valid)).statusCode).toBe(404);
    expect((await putHost('abc', valid)).statusCode).toBe(400);
    const host = await insertHost(t.handle, { name: 'Kept' });
    expect((await putHost(host.id, valid, false)).statusCode).toBe(401);
    expect((await getHost(host.id)).json().data.name).toBe('Kept');
  });
});

describe('DELETE /api/hosts/:id', () => {
  it('deletes the host and its properties, keeps its bookings without a property, and records it', async () => {
    const host = await insertHost(t.handle, { name: 'Leaving host' });
    await insertVerification(t.handle, host.id);
    const property = await insertProperty(t.handle, host.id);
    const guest = await insertGuest(t.handle);
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id });
    const response = await deleteHost(host.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await getHost(host.id)).statusCode).toBe(404);
    expect(await t.handle.query(sql`SELECT id FROM properties WHERE id = ${property.id}`)).toEqual([]);
    const [kept] = await t.handle.query<{ property_id: number | null; guest_id: number }>(
      sql`SELECT property_id, guest_id FROM bookings WHERE id = ${booking.id}`,
    );
    expect(kept).toEqual({ property_id: null, guest_id: guest.id });
    const events = await auditEvents(host.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'host.delete', before: { id: host.id, name: 'Leaving host' }, after: null });
  });

  it('answers 404 for an unknown or already deleted host, 400 for a malformed id, 401 without a token', async () => {
    const host = await insertHost(t.handle);
    expect((await deleteHost(host.id, false)).statusCode).toBe(401);
    expect((await getHost(host.id)).statusCode).toBe(200);
    expect((await deleteHost(host.id)).statusCode).toBe(200);
    const again = await deleteHost(host.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: 'Host not found' });
    expect((await deleteHost('x1')).statusCode).toBe(400);
  });
});

describe('validateHostEdit (shared with the web form)', () => {
  it('accepts what the rules accept and blanks after trimming only', () => {
    expect(validateHostEdit(valid)).toBeUndefined();
    expect(validateHostEdit({ ...valid, name: ' x ' })).toBeUndefined();
    expect(validateHostEdit({})).toBe(HOST_EDIT_MESSAGES.nameRequired);
  });

  it('judges e-mails as text@text.text without spaces, like the regular expression it replaces', () => {
    const reference = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const samples = [
      'a@b.c',
      'a@b..c',
      'a@.b.c',
      'a@.c',
      'a@b.',
      'a@b',
      '@b.c',
      'a@@b.c',
      'a@b@c.d',
      'a b@c.d',
      'a@b.c ',
      'a.b@c',
      'x@y.z.w',
      'a@b.c\n',
      '.@..',
      'é@ü.ß',
      '',
    ];
    for (const sample of samples) expect(isValidEmail(sample), sample).toBe(reference.test(sample));
  });

  it('judges a megabyte-long e-mail quickly', () => {
    const started = Date.now();
    isValidEmail(`a@${'b.'.repeat(500_000)} `);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
