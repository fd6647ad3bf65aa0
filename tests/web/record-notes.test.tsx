// A record's Notes section (issue 50, point 3; src/admin/components/notes/): the notes with their
// author, time and text as text; the labelled box with its counter and limit; Add, with focus on the
// list after; Edit and Delete on one's own notes within 10 minutes only; a colleague's note arriving
// live; Somali. And the notice of a mention.
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RecordNotes from '../../src/admin/components/notes/record-notes';
import { createLiveHub } from '../../src/admin/live/live-hub';
import { MentionListener } from '../../src/admin/live/mention-listener';
import type { Mention, Note } from '../../src/contracts/notes';
import { MAX_NOTE_LENGTH } from '../../src/contracts/record-note';
import { changeLanguage } from '../../src/i18n';
import somali from '../../src/i18n/locales/so/admin-notes.json';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
type Call = { url: string; method: string; payload?: Record<string, unknown> };

const note = (id: number, values: Partial<Note> = {}): Note => ({
  id,
  recordId: 7,
  body: `Note ${id}`,
  authorId: 2,
  authorName: 'Amina Colleague',
  isOwn: false,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  editedAt: null,
  ...values,
});

function renderNotes(notes: () => Note[]) {
  const custom = vi.fn<(call: Call) => Promise<{ data: BaseRecord }>>(async (call) => {
    if (call.url === 'admin/hosts/7/notes' && call.method === 'get') return { data: notes() as unknown as BaseRecord };
    if (call.url === 'admin/hosts/7/notes') return { data: note(99, { body: String(call.payload?.body), isOwn: true }) };
    if (call.url.startsWith('admin/notes/')) return { data: {} };
    throw { statusCode: 404, message: 'not answered by this test' };
  });
  const live = createLiveHub();
  renderAdmin(<RecordNotes resource="hosts" recordId={7} />, {
    dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }),
    role: 'moderator',
    live,
  });
  return { custom, live, user: userEvent.setup() };
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('RecordNotes', () => {
  it('lists each note with its author and time, its text as text, never markup', async () => {
    renderNotes(() => [note(1, { body: '<b>bold</b> <script>alert(1)</script>' })]);
    const list = await screen.findByRole('region', { name: 'Internal notes' }, LOAD);
    expect(await within(list).findByText('<b>bold</b> <script>alert(1)</script>')).toBeInTheDocument();
    expect(within(list).getByText('Amina Colleague')).toBeInTheDocument();
    expect(list.querySelector('b, script')).toBeNull();
    expect(within(list).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('adds a note from the labelled box, counted up to the limit, and moves focus to the list', async () => {
    let notes = [note(1)];
    const { custom, user } = renderNotes(() => notes);
    const box = await screen.findByLabelText('Add an internal note (only staff see it)', {}, LOAD);
    expect(box).toHaveAttribute('maxlength', String(MAX_NOTE_LENGTH));
    await user.type(box, 'Checked the ID');
    expect(screen.getByText(`14 / ${MAX_NOTE_LENGTH}`)).toBeInTheDocument();
    notes = [note(1), note(99, { body: 'Checked the ID', isOwn: true })];
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(custom.mock.calls.some(([call]) => call.method === 'post' && call.payload?.body === 'Checked the ID')).toBe(true));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Internal notes' })).toHaveFocus());
    expect(box).toHaveValue('');
    expect(await screen.findByText('Checked the ID')).toBeInTheDocument();
  });

  it('offers Edit and Delete on one’s own note within 10 minutes only', async () => {
    const { custom, user } = renderNotes(() => [
      note(1, { isOwn: true, body: 'Fresh' }),
      note(2, { isOwn: true, body: 'Old', createdAt: new Date(Date.now() - 11 * 60_000).toISOString() }),
    ]);
    const edit = await screen.findAllByRole('button', { name: /^Edit your note/ }, LOAD);
    expect(edit).toHaveLength(1);
    await user.click(edit[0]);
    const box = screen.getByLabelText('Edit your note');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Fresher');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(custom.mock.calls.some(([call]) => call.url === 'admin/notes/1' && call.method === 'patch' && call.payload?.body === 'Fresher')).toBe(true),
    );
  });

  it('reads the notes again when a colleague’s note arrives live for this record', async () => {
    let notes = [note(1)];
    const { live } = renderNotes(() => notes);
    await screen.findByText('Note 1', {}, LOAD);
    notes = [note(1), note(3, { body: 'From a colleague' })];
    act(() => live.publish({ channel: 'resources/notes:host', type: 'created', payload: { ids: [7] }, date: new Date() }));
    expect(await screen.findByText('From a colleague')).toBeInTheDocument();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderNotes(() => []);
    expect(await screen.findByLabelText(somali.admin.notes.addLabel, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: somali.admin.notes.add })).toBeInTheDocument();
  });
});

describe('MentionListener', () => {
  it('tells the member who mentioned them and what the note says, as text, with a way to the record', async () => {
    const mention: Mention = {
      noteId: 4,
      resource: 'hosts',
      recordId: 7,
      authorName: 'Amina Colleague',
      body: '@Omar <b>look</b>',
      createdAt: new Date().toISOString(),
    };
    const custom = vi.fn<(call: Call) => Promise<{ data: BaseRecord }>>(async (call) => {
      if (call.url === 'admin/notes/mentions') return { data: [mention] as unknown as BaseRecord };
      throw { statusCode: 404, message: 'not answered by this test' };
    });
    const live = createLiveHub();
    const { router } = renderAdmin(<MentionListener />, {
      dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }),
      role: 'moderator',
      live,
    });
    act(() => live.publish({ channel: 'resources/mentions', type: 'created', payload: { ids: [3] }, date: new Date() }));
    expect(await screen.findByText('Amina Colleague mentioned you in a note', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('@Omar <b>look</b>')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host-details/7'));
  });
});
