// Internal notes on records (issue 50, point 3; src/contracts/record-note.ts): the calls every list
// that declares `notes` gets, their limits, the author's window, who may, and Activity's entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import type { LiveChange } from '../../src/contracts/live';
import type { Mention, Note } from '../../src/contracts/notes';
import { MAX_NOTE_LENGTH, mentionedIn, NOTE_EDIT_SECONDS } from '../../src/contracts/record-note';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertHost, insertProperty } from './helpers/fixtures';
import { changesOf, listenOnFreePort, openStream } from './helpers/sse';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp({ livePollMs: 50 });
const ids = { host: 0, property: 0, booking: 0, guest: 0 };
const tokens = { moderator: '', support: '', colleague: '' };
const staffIds = { moderator: 0, support: 0, colleague: 0 };

beforeAll(async () => {
  const host = await insertHost(t.handle, { name: 'Noted Host' });
  ids.host = host.id;
  ids.property = (await insertProperty(t.handle, host.id, { title: 'Noted listing' })).id;
  ids.booking = (await insertBooking(t.handle, { propertyId: ids.property })).id;
  for (const role of ['moderator', 'support'] as const) {
    const member = await createStaff(t, t.token, role);
    staffIds[role] = member.id;
    tokens[role] = await loginAs(t, member.email);
  }
  const colleague = await createStaff(t, t.token, 'viewer', 'colleague@hoy.test');
  staffIds.colleague = colleague.id;
  tokens.colleague = await loginAs(t, colleague.email);
});

// The streams' idle connections would keep the closing server waiting (tests/server/live.test.ts).
afterAll(() => t.app.server.closeAllConnections());
let address: Promise<string> | undefined;
/** The app's address, listening from the first test that needs it. */
const listening = () => (address ??= listenOnFreePort(t.app));

const notesOf = (path: string, token = t.token) => t.request({ method: 'GET', url: `/api/admin/${path}/notes`, token });
const add = (path: string, body: string, token = t.token) => t.request({ method: 'POST', url: `/api/admin/${path}/notes`, token, payload: { body } });
const edit = (noteId: number, body: string, token = t.token) => t.request({ method: 'PATCH', url: `/api/admin/notes/${noteId}`, token, payload: { body } });
const remove = (noteId: number, token = t.token) => t.request({ method: 'DELETE', url: `/api/admin/notes/${noteId}`, token });

describe('a record’s notes', () => {
  it('adds a note to a host, a booking and a listing, and lists them with their author', async () => {
    for (const path of [`hosts/${ids.host}`, `bookings/${ids.booking}`, `listings/${ids.property}`]) {
      const added = await add(path, `About ${path}`);
      expect(added.statusCode).toBe(201);
      const listed = await notesOf(path);
      expect(listed.statusCode).toBe(200);
      expect(listed.json<Note[]>()).toEqual([
        expect.objectContaining({ id: added.json<Note>().id, body: `About ${path}`, authorName: 'Administrator', isOwn: true, editedAt: null }),
      ]);
    }
  });

  it('shows a property’s notes from Property Approvals as its listing’s', async () => {
    const added = (await add(`property-approvals/${ids.property}`, 'From the approvals')).json<Note>();
    expect((await notesOf(`listings/${ids.property}`)).json<Note[]>().map((note) => note.id)).toContain(added.id);
  });

  it('keeps a note’s text exactly as sent, markup and spaces included', async () => {
    const body = '  <script>alert("x")</script> &amp; 100%_\n second line ';
    const added = await add(`hosts/${ids.host}`, body);
    expect(added.json<Note>().body).toBe(body);
    expect((await notesOf(`hosts/${ids.host}`)).json<Note[]>().at(-1)!.body).toBe(body);
  });

  it(`takes ${MAX_NOTE_LENGTH} characters and refuses one more, or an empty note, with a 400`, async () => {
    expect((await add(`listings/${ids.property}`, 'x'.repeat(MAX_NOTE_LENGTH))).statusCode).toBe(201);
    expect((await add(`listings/${ids.property}`, 'x'.repeat(MAX_NOTE_LENGTH + 1))).statusCode).toBe(400);
    expect((await add(`listings/${ids.property}`, '  \n')).statusCode).toBe(400);
  });

  it('answers 404 for a record that does not exist', async () => {
    expect((await add('hosts/999999', 'Nobody')).statusCode).toBe(404);
    expect((await notesOf('bookings/999999')).statusCode).toBe(404);
  });

  it('refuses a call without a session (401) and a role that cannot read the record (403)', async () => {
    expect((await t.request({ method: 'GET', url: `/api/admin/hosts/${ids.host}/notes` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `/api/admin/hosts/${ids.host}/notes`, payload: { body: 'x' } })).statusCode).toBe(401);
    // A moderator does not read bookings.
    expect((await notesOf(`bookings/${ids.booking}`, tokens.moderator)).statusCode).toBe(403);
    expect((await add(`bookings/${ids.booking}`, 'x', tokens.moderator)).statusCode).toBe(403);
    const booking = (await add(`bookings/${ids.booking}`, 'Support only', tokens.support)).json<Note>();
    expect((await edit(booking.id, 'Changed', tokens.moderator)).statusCode).toBe(403);
    expect((await remove(booking.id, tokens.moderator)).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url: `/api/admin/notes/${booking.id}`, payload: { body: 'x' } })).statusCode).toBe(401);
  });
});

describe('the author’s edit and delete', () => {
  it(`edits and deletes one’s own note within ${NOTE_EDIT_SECONDS / 60} minutes`, async () => {
    const note = (await add(`hosts/${ids.host}`, 'First thought', tokens.support)).json<Note>();
    t.clock.advance((NOTE_EDIT_SECONDS - 5) * 1000);
    const edited = await edit(note.id, 'Second thought', tokens.support);
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Note>()).toEqual(expect.objectContaining({ body: 'Second thought', editedAt: t.clock.now().toISOString() }));
    expect((await remove(note.id, tokens.support)).statusCode).toBe(204);
    expect((await notesOf(`hosts/${ids.host}`)).json<Note[]>().map((shown) => shown.id)).not.toContain(note.id);
    expect((await edit(note.id, 'Again', tokens.support)).statusCode).toBe(404);
  });

  it('refuses a colleague’s note with 403 and leaves it as it was', async () => {
    const note = (await add(`hosts/${ids.host}`, 'Mine', tokens.support)).json<Note>();
    expect((await edit(note.id, 'Yours now', tokens.colleague)).statusCode).toBe(403);
    expect((await remove(note.id, tokens.colleague)).statusCode).toBe(403);
    const shown = (await notesOf(`hosts/${ids.host}`, tokens.colleague)).json<Note[]>().find((each) => each.id === note.id);
    expect(shown).toEqual(expect.objectContaining({ body: 'Mine', isOwn: false }));
  });

  it(`answers 409 once ${NOTE_EDIT_SECONDS / 60} minutes have passed`, async () => {
    const note = (await add(`hosts/${ids.host}`, 'Too late soon', tokens.support)).json<Note>();
    t.clock.advance(NOTE_EDIT_SECONDS * 1000);
    expect((await edit(note.id, 'Changed', tokens.support)).statusCode).toBe(409);
    expect((await remove(note.id, tokens.support)).statusCode).toBe(409);
  });
});

describe('notes in Activity', () => {
  it('lists a note as an entry about its record, and finds it by its text', async () => {
    await add(`property-approvals/${ids.property}`, 'Roof looks wobbly in photo three');
    const response = await t.request({ method: 'GET', url: '/api/admin/activity?page=1&pageSize=10&q=wobbly', token: t.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<ActivityRow[]>()).toEqual([
      expect.objectContaining({ action: 'note.add', entityType: 'listing', entityId: ids.property, reason: 'Roof looks wobbly in photo three' }),
    ]);
  });

  it('keeps a booking’s notes from a role that reads Activity but not bookings', async () => {
    await add(`bookings/${ids.booking}`, 'Guest asked for a late checkout', tokens.support);
    const moderator = await t.request({ method: 'GET', url: '/api/admin/activity?page=1&pageSize=10&q=late%20checkout', token: tokens.moderator });
    expect(moderator.json<ActivityRow[]>()).toEqual([]);
    const viewer = await t.request({ method: 'GET', url: '/api/admin/activity?page=1&pageSize=10&q=late%20checkout', token: tokens.colleague });
    expect(viewer.json<ActivityRow[]>()).toHaveLength(1);
  });
});

describe('notes on the live stream', () => {
  it('tells the readers of a record’s list that its notes changed, and no one else', async () => {
    const baseUrl = await listening();
    // Records of this test's own: a stream may first replay the changes of the earlier tests' notes.
    const host = await insertHost(t.handle, { name: 'Live Host' });
    const booking = await insertBooking(t.handle, { propertyId: ids.property });
    const moderator = await openStream(baseUrl, tokens.moderator);
    const support = await openStream(baseUrl, tokens.support);
    await add(`bookings/${booking.id}`, 'Seen live by support');
    await add(`hosts/${host.id}`, 'Seen live by both');
    const isOurs = (change: LiveChange) =>
      (change.resource === 'notes:host' && change.id === host.id) || (change.resource === 'notes:booking' && change.id === booking.id);
    const seenBy = async (stream: typeof moderator) => {
      const seen: LiveChange[] = [];
      while (!seen.some((change) => change.resource === 'notes:host' && change.id === host.id)) seen.push(...changesOf(await stream.next('changes')));
      return seen.filter(isOurs);
    };
    expect(await seenBy(support)).toEqual([
      { resource: 'notes:booking', action: 'created', id: booking.id },
      { resource: 'notes:host', action: 'created', id: host.id },
    ]);
    expect(await seenBy(moderator)).toEqual([{ resource: 'notes:host', action: 'created', id: host.id }]);
    moderator.close();
    support.close();
  });
});

describe('mentions', () => {
  it('finds "@" and a member’s whole or first name, in any case, and no longer word', () => {
    const members = [{ name: 'Amina Hassan' }, { name: 'Omar Ali' }, { name: 'Ayaan' }];
    expect(mentionedIn('Ask @amina about it', members)).toEqual([{ name: 'Amina Hassan' }]);
    expect(mentionedIn('@Omar Ali, and @Ayaan.', members)).toEqual([{ name: 'Omar Ali' }, { name: 'Ayaan' }]);
    expect(mentionedIn('@Aminata and amina@hoy.test and Omar', members)).toEqual([]);
  });

  it('tells a mentioned colleague who reads the record, live and in their mentions, and no one else', async () => {
    const baseUrl = await listening();
    const support = await openStream(baseUrl, tokens.support);
    const colleague = await openStream(baseUrl, tokens.colleague);
    // Support and the viewer read bookings; the moderator does not, so is not told.
    await add(`bookings/${ids.booking}`, 'Please check this one, @support member and @Moderator');
    // A host of this test's own marks the end: a stream may first replay earlier tests' notes.
    const marker = await insertHost(t.handle, { name: 'Marker Host' });
    await add(`hosts/${marker.id}`, 'Marker for the streams');
    const changesUntilMarker = async (stream: typeof support) => {
      const seen: LiveChange[] = [];
      while (!seen.some((change) => change.resource === 'notes:host' && change.id === marker.id)) seen.push(...changesOf(await stream.next('changes')));
      return seen.filter((change) => change.resource === 'mentions');
    };
    expect(await changesUntilMarker(support)).toEqual([{ resource: 'mentions', action: 'created', id: staffIds.support }]);
    expect(await changesUntilMarker(colleague)).toEqual([]);
    support.close();
    colleague.close();
    const mentionsOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/admin/notes/mentions', token })).json<Mention[]>();
    expect(await mentionsOf(tokens.support)).toEqual([
      expect.objectContaining({
        resource: 'bookings',
        recordId: ids.booking,
        authorName: 'Administrator',
        body: 'Please check this one, @support member and @Moderator',
      }),
    ]);
    expect(await mentionsOf(tokens.moderator)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/admin/notes/mentions' })).statusCode).toBe(401);
  });
});
