import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatsPage, parseConversationId } from '../../src/admin/pages/chats/list';
import { createLiveHub, LIVE_RECONNECTED_CHANNEL, type LiveHub } from '../../src/admin/live/live-hub';
import type { ChatMessage, ConversationRow } from '../../src/contracts/chats';
import { changeLanguage } from '../../src/i18n';
import type { Role } from '../../src/contracts/roles';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

type Conversation = ConversationRow & { messages: ChatMessage[] };

function conversation(id: number, values: Partial<ConversationRow>, texts: Array<[string, boolean]> = []): Conversation {
  const messages = texts.map(([text, isOwn], index) => ({
    id: id * 100 + index,
    text,
    isOwn,
    sender: isOwn ? ('admin' as const) : ('user' as const),
    time: '2026-11-20T10:00:00.000Z',
  }));
  return {
    id,
    name: `User ${id}`,
    title: `Listing ${id}`,
    message: texts.at(-1)?.[0] ?? '',
    timestamp: '2026-11-20T10:00:00.000Z',
    hasNotification: false,
    unreadCount: 0,
    isOnline: false,
    isDeclined: false,
    suspendedAt: null,
    ...values,
    messages,
  };
}

function filterOf(params: GetListParams, field: string): unknown {
  return params.filters?.find((filter) => 'field' in filter && filter.field === field)?.value;
}

/** An in-memory chat server behind the data provider interface, recording every call. */
function fakeChats(conversations: Conversation[]) {
  let nextId = 10_000;
  const holds: { messages?: Promise<void> } = {};
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async (params) => {
    const search = String(filterOf(params, 'q') ?? '').toLowerCase();
    const tab = filterOf(params, 'tab') ?? 'all';
    const rows = conversations
      .filter((item) => search === '' || item.title.toLowerCase().includes(search) || item.name.toLowerCase().includes(search))
      .filter((item) => (tab === 'unread' ? item.unreadCount > 0 : tab === 'declined' ? item.isDeclined : true))
      .map(({ messages, ...row }) => {
        void messages;
        return row;
      });
    return { data: rows as unknown as BaseRecord[], total: rows.length };
  });
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: BaseRecord }>>(async ({ url, method, payload, query }) => {
    const match = /^admin\/conversations\/(\d+)\/(messages|read)$/.exec(url);
    const found = conversations.find((item) => item.id === Number(match?.[1]));
    if (!match || !found) throw { statusCode: 404, message: 'Conversation not found' };
    if (match[2] === 'read') {
      found.unreadCount = 0;
      found.hasNotification = false;
      const { messages, ...row } = found;
      void messages;
      return { data: row as unknown as BaseRecord };
    }
    if (method === 'post') {
      nextId += 1;
      const message: ChatMessage = { id: nextId, text: (payload as { text: string }).text, isOwn: true, sender: 'admin', time: new Date().toISOString() };
      found.messages.push(message);
      return { data: message as unknown as BaseRecord };
    }
    if (holds.messages) await holds.messages;
    const afterId = (query as { afterId?: number } | undefined)?.afterId;
    const answer = afterId === undefined ? found.messages : found.messages.filter((message) => message.id > afterId);
    return { data: [...answer] as unknown as BaseRecord };
  });
  const provider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  /** A message from the user's side, as the mobile app would store it. */
  function receive(id: number, text: string) {
    const found = conversations.find((item) => item.id === id) as Conversation;
    nextId += 1;
    found.messages.push({ id: nextId, text, isOwn: false, sender: 'user', time: new Date().toISOString() });
    Object.assign(found, { message: text, unreadCount: found.unreadCount + 1, hasNotification: true });
  }
  /** The conversation's user suspended, as the server would answer it from now on. */
  function suspend(id: number, suspendedAt: string) {
    Object.assign(conversations.find((item) => item.id === id) as Conversation, { suspendedAt });
  }
  const messageCalls = () => custom.mock.calls.map(([params]) => params).filter((params) => params.url.endsWith('/messages') && params.method === 'get');
  return { provider, getList, custom, receive, suspend, holds, messageCalls };
}

function renderChats(dataProvider: DataProvider, path = '/chats', role?: Role) {
  return renderAdmin(<ChatsPage />, { dataProvider, path, role }).router;
}

function sampleConversations(): Conversation[] {
  return [
    conversation(1, { name: 'Amina Warsame', title: 'Sea view flat', isOnline: true, hasNotification: true, unreadCount: 2 }, [
      ['Hello, is it free in May?', false],
      ['Yes it is', true],
      ['Great, and <b>parking</b>?', false],
    ]),
    conversation(2, { name: 'Bashir Ali', title: 'Garden house', isDeclined: true }, [['Why was my listing declined?', false]]),
    conversation(3, { name: 'Cawo Hassan', title: 'City studio' }, [['Thanks', false]]),
  ];
}

/** Conversation 3 open, its messages shown, with the live hub the test publishes to. */
async function openLiveConversation() {
  const hub = createLiveHub();
  const chats = fakeChats(sampleConversations());
  renderAdmin(<ChatsPage />, { dataProvider: chats.provider, path: '/chats?conversation=3', live: hub });
  const log = await screen.findByRole('log', {}, LOAD);
  await within(log).findByText('Thanks');
  return { chats, log, hub };
}

/** The stream's side: a change as the live connection publishes it (`messages`: the conversation's id). */
function publish(hub: LiveHub, channel: string, type: string, ids: number[] = []) {
  act(() => hub.publish({ channel, type, payload: { ids }, date: new Date() }));
}

const conversationLink = (name: string) => screen.getByRole('link', { name: new RegExp(name) });

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Chats page', () => {
  it('lets a viewer read a conversation without the composer, and marks nothing read', async () => {
    const { provider, custom } = fakeChats(sampleConversations());
    renderChats(provider, '/chats?conversation=1', 'viewer');
    expect(await screen.findByText('Hello, is it free in May?', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Your role reads conversations but does not answer them.')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(custom.mock.calls.filter(([params]) => params.method === 'post')).toEqual([]);
  });

  it('gives support the composer and marks the opened conversation read', async () => {
    const { provider, custom } = fakeChats(sampleConversations());
    renderChats(provider, '/chats?conversation=1', 'support');
    expect(await screen.findByPlaceholderText('Type a message...', {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(custom.mock.calls.some(([params]) => params.method === 'post' && params.url.endsWith('/read'))).toBe(true));
  });

  it('lists conversations with name, listing, last message and unread badge, and asks to pick one', async () => {
    const { provider } = fakeChats(sampleConversations());
    renderChats(provider);

    expect(await screen.findByText('Amina Warsame', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search my listing')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Unread', 'Decline']);
    const amina = conversationLink('Amina Warsame');
    expect(within(amina).getByText('Sea view flat')).toBeInTheDocument();
    expect(within(amina).getByText('Great, and <b>parking</b>?')).toBeInTheDocument();
    expect(within(amina).getByTitle('2 unread messages')).toBeInTheDocument();
    expect(within(amina).getByText('Online')).toBeInTheDocument();
    expect(within(conversationLink('Bashir Ali')).getByText('Declined')).toBeInTheDocument();
    expect(screen.getByText('Select a chat to start messaging')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
  });

  it('filters by tab on the server and goes back to page 1', async () => {
    const { provider, getList } = fakeChats(sampleConversations());
    renderChats(provider);
    await screen.findByText('Amina Warsame', {}, LOAD);

    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(screen.queryByText('Bashir Ali')).not.toBeInTheDocument());
    expect(screen.getByText('Amina Warsame')).toBeInTheDocument();
    const unreadCall = getList.mock.calls.at(-1)?.[0] as GetListParams;
    expect(filterOf(unreadCall, 'tab')).toBe('unread');
    expect(unreadCall.pagination?.currentPage).toBe(1);

    await userEvent.click(screen.getByRole('tab', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByText('Amina Warsame')).not.toBeInTheDocument());
    expect(screen.getByText('Bashir Ali')).toBeInTheDocument();
  });

  it('asks for the conversations opened on the days a chart bar names, says so, and goes back to every date', async () => {
    const { provider, getList } = fakeChats(sampleConversations());
    const router = renderChats(provider, '/chats?createdFrom=2026-03-02&createdTo=2026-03-08');
    await screen.findByText('Amina Warsame', {}, LOAD);
    const narrowed = getList.mock.calls.at(-1)?.[0] as GetListParams;
    expect([filterOf(narrowed, 'createdFrom'), filterOf(narrowed, 'createdTo')]).toEqual(['2026-03-02', '2026-03-08']);
    expect(screen.getByText('Opened Mar 2, 2026 – Mar 8, 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show every date' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(filterOf(getList.mock.calls.at(-1)?.[0] as GetListParams, 'createdFrom')).toBeUndefined());
    expect(screen.queryByText(/^Opened /)).not.toBeInTheDocument();
  });

  it('goes back to page 1 when it shows every date again', async () => {
    const { provider, getList } = fakeChats(Array.from({ length: 25 }, (_, index) => conversation(index + 1, {})));
    renderChats(provider, '/chats?createdFrom=2026-03-02&createdTo=2026-03-08');
    await screen.findByText('User 1', {}, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const lastPageAsked = () => getList.mock.calls.at(-1)?.[0].pagination?.currentPage;
    await waitFor(() => expect(lastPageAsked()).toBe(2));

    await userEvent.click(screen.getByRole('button', { name: 'Show every date' }));
    await waitFor(() => expect(filterOf(getList.mock.calls.at(-1)?.[0] as GetListParams, 'createdFrom')).toBeUndefined());
    expect(lastPageAsked()).toBe(1);
  });

  it('searches after a pause in typing, with one request for the whole word', async () => {
    const { provider, getList } = fakeChats(sampleConversations());
    renderChats(provider);
    await screen.findByText('Amina Warsame', {}, LOAD);
    const callsBefore = getList.mock.calls.length;

    await userEvent.type(screen.getByPlaceholderText('Search my listing'), 'garden');
    await waitFor(() => expect(screen.queryByText('Amina Warsame')).not.toBeInTheDocument());
    expect(screen.getByText('Bashir Ali')).toBeInTheDocument();
    const searches = getList.mock.calls.slice(callsBefore).map(([params]) => filterOf(params, 'q'));
    expect(searches).toEqual(['garden']);
  });

  it('opens a conversation: URL, header with online state, messages with own ones marked, and marks it read', async () => {
    const { provider, custom } = fakeChats(sampleConversations());
    const router = renderChats(provider);
    await screen.findByText('Amina Warsame', {}, LOAD);

    await userEvent.click(conversationLink('Amina Warsame'));
    expect(router.state.location.search).toBe('?conversation=1');
    const panel = await screen.findByRole('region', { name: 'Conversation with Amina Warsame' });
    expect(within(panel).getByRole('heading', { level: 3, name: 'Amina Warsame' })).toBeInTheDocument();
    expect(within(panel).getByText('Online')).toBeInTheDocument();
    const log = within(panel).getByRole('log');
    expect(await within(log).findByText('Hello, is it free in May?')).toBeInTheDocument();
    // Stored text is shown literally, never as markup.
    expect(within(log).getByText('Great, and <b>parking</b>?')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByText('Yes it is').closest('[data-own]')).toHaveAttribute('data-own', 'true');
    expect(within(log).getByText('Hello, is it free in May?').closest('[data-own]')).toHaveAttribute('data-own', 'false');
    await waitFor(() => expect(custom.mock.calls.some(([params]) => params.url === 'admin/conversations/1/read' && params.method === 'post')).toBe(true));
    await waitFor(() => expect(within(conversationLink('Amina Warsame')).queryByTitle('2 unread messages')).not.toBeInTheDocument());
  });

  it('says "Suspended" beside a suspended user in the list and over their open conversation, in English and Somali', async () => {
    const conversations = sampleConversations();
    Object.assign(conversations[1] as Conversation, { suspendedAt: '2026-11-21T09:00:00.000Z' });
    const { provider } = fakeChats(conversations);
    renderChats(provider, '/chats?conversation=2');
    const panel = await screen.findByRole('region', { name: 'Conversation with Bashir Ali' }, LOAD);
    expect(within(panel).getByText('Suspended')).toBeInTheDocument();
    expect(within(conversationLink('Bashir Ali')).getByText('Suspended')).toBeInTheDocument();
    expect(within(conversationLink('Amina Warsame')).queryByText('Suspended')).toBeNull();
    await act(() => changeLanguage('so'));
    expect(within(panel).getByText('La hakiyay')).toBeInTheDocument();
  });

  it('opens the conversation named in the URL, so a reload keeps it', async () => {
    const { provider } = fakeChats(sampleConversations());
    renderChats(provider, '/chats?conversation=2');
    const panel = await screen.findByRole('region', { name: 'Conversation with Bashir Ali' }, LOAD);
    expect(await within(panel).findByText('Why was my listing declined?')).toBeInTheDocument();
    expect(within(panel).getByText('Offline')).toBeInTheDocument();
    expect(conversationLink('Bashir Ali')).toHaveAttribute('aria-current', 'true');
  });

  it('sends with Enter or the button, never a blank text, and keeps Shift+Enter for a new line', async () => {
    const { provider, custom } = fakeChats(sampleConversations());
    renderChats(provider, '/chats?conversation=3');
    const input = await screen.findByPlaceholderText('Type a message...', {}, LOAD);
    const sendButton = screen.getByRole('button', { name: 'Send' });
    const sends = () => custom.mock.calls.filter(([params]) => params.method === 'post' && params.url.endsWith('/messages'));

    expect(sendButton).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(sendButton).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(sends()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(sends()).toHaveLength(0);
    await userEvent.type(input, '{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.[0].payload).toEqual({ text: 'First line\nsecond line' });
    expect(input).toHaveValue('');
    const log = screen.getByRole('log');
    expect(await within(log).findByText(/First line/)).toBeInTheDocument();

    await userEvent.type(input, 'By button');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('By button')).toBeInTheDocument();
    await waitFor(() => expect(sends()).toHaveLength(2));
    // The stored copy replaces the one shown at once: each message appears once.
    await waitFor(() => expect(within(log).queryByText('Sending...')).not.toBeInTheDocument());
    expect(within(log).getAllByText('By button')).toHaveLength(1);
  });

  it('shows an incoming message when the live stream says one was stored, asking only for what came after the last one seen', async () => {
    const { chats, log, hub } = await openLiveConversation();
    const afterLoad = chats.messageCalls().length;

    // A message in another conversation asks for nothing here.
    publish(hub, 'resources/messages', 'created', [1]);
    chats.receive(3, 'Are you there?');
    publish(hub, 'resources/messages', 'created', [3]);
    expect(await within(log).findByText('Are you there?')).toBeInTheDocument();
    const reads = chats.messageCalls();
    expect(reads).toHaveLength(afterLoad + 1);
    expect(reads[0]?.query).toBeUndefined();
    expect(reads.at(-1)?.query).toEqual({ afterId: 300 });
    // The arrival is read while the conversation is open.
    await waitFor(() => expect(chats.custom.mock.calls.filter(([params]) => params.url === 'admin/conversations/3/read')).toHaveLength(2));
  });

  it('shows a sent message once when the next read returns it too, in the order the server stored them', async () => {
    const { chats, log, hub } = await openLiveConversation();
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'Mine{Enter}');
    await waitFor(() => expect(within(log).queryByText('Sending...')).not.toBeInTheDocument());
    // The read after the last one seen (afterId 300) returns the sent message (301) with the user's (302).
    chats.receive(3, 'Theirs');
    publish(hub, 'resources/messages', 'created', [3]);
    expect(await within(log).findByText('Theirs')).toBeInTheDocument();
    expect(chats.messageCalls().at(-1)?.query).toEqual({ afterId: 300 });
    expect(within(log).getAllByText('Mine')).toHaveLength(1);
    expect(within(log).getByText('Mine').compareDocumentPosition(within(log).getByText('Theirs')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for nothing on a timer: without a change, no message or list call follows the first load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { chats } = await openLiveConversation();
    const messageCalls = chats.messageCalls().length;
    const listCalls = chats.getList.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(chats.messageCalls()).toHaveLength(messageCalls);
    expect(chats.getList.mock.calls).toHaveLength(listCalls);
  });

  it('reads the conversation list again when a conversation changes, with its last message and unread count', async () => {
    const { chats, hub } = await openLiveConversation();
    const listCalls = chats.getList.mock.calls.length;
    chats.receive(2, 'Any news?');
    publish(hub, 'resources/chats', 'updated', [2]);
    await waitFor(() => expect(within(conversationLink('Bashir Ali')).getByText('Any news?')).toBeInTheDocument());
    expect(within(conversationLink('Bashir Ali')).getByTitle(/^1 unread/)).toBeInTheDocument();
    expect(chats.getList.mock.calls).toHaveLength(listCalls + 1);
  });

  it('reads the conversation list again when a user is suspended, and the open conversation says so', async () => {
    const { chats, hub } = await openLiveConversation();
    const listCalls = chats.getList.mock.calls.length;
    const panel = screen.getByRole('region', { name: 'Conversation with Cawo Hassan' });
    expect(within(panel).queryByText('Suspended')).toBeNull();
    chats.suspend(3, '2026-11-21T09:00:00.000Z');
    publish(hub, 'resources/suspensions', 'updated', [77]);
    expect(await within(panel).findByText('Suspended', {}, LOAD)).toBeInTheDocument();
    expect(within(conversationLink('Cawo Hassan')).getByText('Suspended')).toBeInTheDocument();
    expect(chats.getList.mock.calls).toHaveLength(listCalls + 1);
  });

  it('reads what came after the last message once after a resync or a reconnect', async () => {
    const { chats, log, hub } = await openLiveConversation();
    chats.receive(3, 'Missed while away');
    publish(hub, 'resources/chats', 'resync');
    expect(await within(log).findByText('Missed while away')).toBeInTheDocument();
    const afterResync = chats.messageCalls().length;
    chats.receive(3, 'Missed while reconnecting');
    publish(hub, LIVE_RECONNECTED_CHANNEL, 'reconnected');
    expect(await within(log).findByText('Missed while reconnecting')).toBeInTheDocument();
    expect(chats.messageCalls()).toHaveLength(afterResync + 1);
    expect(chats.messageCalls().at(-1)?.query).toEqual({ afterId: 10_001 });
  });

  it("marks the live stream's reads as background activity, never the administrator's own opening or sending", async () => {
    const { chats, log, hub } = await openLiveConversation();
    const background = { 'X-Hoy-Activity': 'background' };

    chats.receive(3, 'Still there?');
    publish(hub, 'resources/messages', 'created', [3]);
    await within(log).findByText('Still there?');
    await userEvent.type(screen.getByPlaceholderText('Type a message...'), 'Yes{Enter}');
    await within(log).findByText('Yes');

    const reads = chats.messageCalls();
    expect(reads[0]?.headers).toBeUndefined();
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads.slice(1)) expect(read.headers).toEqual(background);
    const marks = () => chats.custom.mock.calls.map(([params]) => params).filter((params) => params.url.endsWith('/read'));
    // Opening reads the conversation as the administrator; the arrival is read in the background.
    expect(marks()[0]?.headers).toEqual({});
    await waitFor(() => expect(marks()).toHaveLength(2));
    expect(marks()[1]?.headers).toEqual(background);
    const sends = chats.custom.mock.calls.map(([params]) => params).filter((params) => params.method === 'post' && params.url.endsWith('/messages'));
    expect(sends).toHaveLength(1);
    expect(sends[0]?.headers).toEqual({});
    for (const [params] of chats.getList.mock.calls) expect(params.meta?.headers).toEqual(background);
  });

  it('reads once more, never twice at once, for changes during a read, and waits for a hidden tab to come back', async () => {
    const { chats, hub } = await openLiveConversation();
    const afterLoad = chats.messageCalls().length;

    let release = () => undefined as void;
    chats.holds.messages = new Promise<void>((resolve) => {
      release = resolve;
    });
    publish(hub, 'resources/messages', 'created', [3]);
    publish(hub, 'resources/messages', 'created', [3]);
    publish(hub, 'resources/messages', 'created', [3]);
    expect(chats.messageCalls()).toHaveLength(afterLoad + 1);
    chats.holds.messages = undefined;
    release();
    await waitFor(() => expect(chats.messageCalls()).toHaveLength(afterLoad + 2));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const whileHidden = chats.messageCalls().length;
    publish(hub, 'resources/messages', 'created', [3]);
    publish(hub, 'resources/messages', 'created', [3]);
    expect(chats.messageCalls()).toHaveLength(whileHidden);

    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await waitFor(() => expect(chats.messageCalls()).toHaveLength(whileHidden + 1));
    visibility.mockRestore();
  });
});

describe('chat helpers', () => {
  it('reads only a positive whole conversation id from the URL', () => {
    expect(parseConversationId('12')).toBe(12);
    expect(parseConversationId(null)).toBeUndefined();
    expect(parseConversationId('0')).toBeUndefined();
    expect(parseConversationId('1.5')).toBeUndefined();
    expect(parseConversationId('abc')).toBeUndefined();
    expect(parseConversationId('99999999999')).toBeUndefined();
  });
});
