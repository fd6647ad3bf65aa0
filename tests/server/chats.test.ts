import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../server/db/schema';
import { signedInTestApp } from './helpers/app';
import { insertGuest } from './helpers/fixtures';

const t = signedInTestApp();

const get = (url: string) => t.request({ method: 'GET', url, token: t.token });
const post = (url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, token: t.token, ...(payload === undefined ? {} : { payload }) });

type ConversationRow = {
  id: number;
  name: string;
  title: string;
  message: string;
  timestamp: string;
  hasNotification: boolean;
  unreadCount: number;
  isOnline: boolean;
  isDeclined: boolean;
};
type Message = { id: number; text: string; sender: string; time: string; isOwn: boolean };

async function insertConversation(values: Partial<typeof conversations.$inferInsert> & { userName?: string } = {}) {
  const { userName, ...rest } = values;
  const user = await insertGuest(t.handle, userName ? { name: userName } : {});
  const [row] = await t.handle.db
    .insert(conversations)
    .values({ userId: user.id, title: 'Lido beach flat', lastMessageAt: new Date('2026-10-01T10:00:00Z'), ...rest })
    .returning();
  return row;
}

describe('GET /api/admin/conversations', () => {
  it('refuses a call without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/conversations' })).statusCode).toBe(401);
  });

  it('lists conversations newest activity first with the chat row shape', async () => {
    const older = await insertConversation({ userName: 'Older Newest', title: 'Newest test A' });
    const newer = await insertConversation({ userName: 'Newer Newest', title: 'Newest test B' });
    await t.app.services.chats.receiveUserMessage(older.id, 'Hello, is it free?');
    t.clock.advance(1000);
    await t.app.services.chats.receiveUserMessage(newer.id, 'Second hello');
    const response = await get('/api/admin/conversations?q=Newest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const rows = response.json<ConversationRow[]>();
    expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(rows[1]).toEqual({
      id: older.id,
      name: 'Older Newest',
      title: 'Newest test A',
      message: 'Hello, is it free?',
      timestamp: expect.any(String),
      hasNotification: true,
      unreadCount: 1,
      isOnline: true,
      isDeclined: false,
      suspendedAt: null,
    });
  });

  it('shows a user as offline five minutes after their last message', async () => {
    const conversation = await insertConversation({ title: 'Online check' });
    await t.app.services.chats.receiveUserMessage(conversation.id, 'ping');
    const online = (await get('/api/admin/conversations?q=Online%20check')).json<ConversationRow[]>()[0];
    expect(online.isOnline).toBe(true);
    t.clock.advance(5 * 60 * 1000 + 1000);
    const offline = (await get('/api/admin/conversations?q=Online%20check')).json<ConversationRow[]>()[0];
    expect(offline.isOnline).toBe(false);
  });

  it('filters by tab unread and declined, and searches title or name literally', async () => {
    const unread = await insertConversation({ title: 'Tab_test unread', unreadCount: 2 });
    const declined = await insertConversation({ title: 'Tab_test declined', isDeclined: true });
    const plain = await insertConversation({ title: 'TabXtest plain', userName: 'Tab_test person' });
    const ids = async (query: string) =>
      (await get(`/api/admin/conversations?${query}`))
        .json<ConversationRow[]>()
        .map((row) => row.id)
        .sort();
    expect(await ids('q=tab_test&tab=unread')).toEqual([unread.id]);
    expect(await ids('q=tab_test&tab=declined')).toEqual([declined.id]);
    expect(await ids('q=tab_test&tab=all')).toEqual([unread.id, declined.id, plain.id].sort());
    expect(await ids('q=100%25')).toEqual([]);
  });

  it('pages 20 by default and answers 400 for a bad tab or page size', async () => {
    const marker = `Paging${Date.now()}`;
    for (let index = 0; index < 22; index += 1) await insertConversation({ title: `${marker} ${index}` });
    const first = await get(`/api/admin/conversations?q=${marker}`);
    expect(first.json()).toHaveLength(20);
    expect(first.headers['x-total-count']).toBe('22');
    expect((await get(`/api/admin/conversations?q=${marker}&page=2`)).json()).toHaveLength(2);
    expect((await get('/api/admin/conversations?tab=archived')).statusCode).toBe(400);
    expect((await get('/api/admin/conversations?pageSize=101')).statusCode).toBe(400);
  });

  it('narrows to the conversations opened on the given UTC days, both included, as the chat chart counts them', async () => {
    const marker = `Opened${Date.now()}`;
    const opened = async (at: string) => (await insertConversation({ title: `${marker} ${at}`, createdAt: new Date(at) })).id;
    await opened('2026-03-01T23:59:59Z');
    const first = await opened('2026-03-02T00:00:00Z');
    const last = await opened('2026-03-08T23:59:59Z');
    await opened('2026-03-09T00:00:00Z');
    const week = await get(`/api/admin/conversations?q=${marker}&createdFrom=2026-03-02&createdTo=2026-03-08`);
    expect(week.statusCode).toBe(200);
    expect(week.headers['x-total-count']).toBe('2');
    expect(new Set(week.json<ConversationRow[]>().map((row) => row.id))).toEqual(new Set([first, last]));
    // With one side only, the range is open on the other.
    expect((await get(`/api/admin/conversations?q=${marker}&createdFrom=2026-03-02`)).headers['x-total-count']).toBe('3');
    expect((await get(`/api/admin/conversations?q=${marker}&createdTo=2026-03-08`)).headers['x-total-count']).toBe('3');
    for (const bad of ['2026-02-30', '2026-3-2', 'yesterday']) {
      const refused = await get(`/api/admin/conversations?createdFrom=${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: expect.stringContaining('YYYY-MM-DD') });
    }
  });
});

describe('messages', () => {
  it('answers messages oldest first and only the new ones after afterId', async () => {
    const conversation = await insertConversation();
    const first = await t.app.services.chats.receiveUserMessage(conversation.id, 'first');
    const second = await post(`/api/admin/conversations/${conversation.id}/messages`, { text: 'second' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ text: 'second', sender: 'admin', isOwn: true });
    const all = (await get(`/api/admin/conversations/${conversation.id}/messages`)).json<Message[]>();
    expect(all.map((message) => [message.text, message.sender, message.isOwn])).toEqual([
      ['first', 'user', false],
      ['second', 'admin', true],
    ]);
    const newer = (await get(`/api/admin/conversations/${conversation.id}/messages?afterId=${first.id}`)).json<Message[]>();
    expect(newer.map((message) => message.text)).toEqual(['second']);
    expect((await get(`/api/admin/conversations/${conversation.id}/messages?afterId=${second.json().id}`)).json()).toEqual([]);
  });

  it('stores a sent message byte for byte and makes it the last message', async () => {
    const conversation = await insertConversation();
    const text = '  Welcome 👋 "friend" <script>alert(1)</script>\nمرحبا  ';
    const sent = await post(`/api/admin/conversations/${conversation.id}/messages`, { text });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().text).toBe(text);
    const [row] = await t.handle.query<{ body: string }>(sql`SELECT body FROM messages WHERE id = ${sent.json().id}`);
    expect(row.body).toBe(text);
    const listed = (await get(`/api/admin/conversations?q=${encodeURIComponent('Lido')}&pageSize=100`)).json<ConversationRow[]>();
    expect(listed.find((item) => item.id === conversation.id)?.message).toBe(text);
  });

  it('refuses a blank or over-long message with 400 and stores nothing', async () => {
    const conversation = await insertConversation();
    const blank = await post(`/api/admin/conversations/${conversation.id}/messages`, { text: '  \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Message cannot be empty');
    const long = await post(`/api/admin/conversations/${conversation.id}/messages`, { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect((await post(`/api/admin/conversations/${conversation.id}/messages`, { text: 7 })).statusCode).toBe(400);
    expect((await post(`/api/admin/conversations/${conversation.id}/messages`)).statusCode).toBe(400);
    expect((await get(`/api/admin/conversations/${conversation.id}/messages`)).json()).toEqual([]);
    expect((await t.app.services.chats.receiveUserMessage(conversation.id, 'x'.repeat(5000))).text).toHaveLength(5000);
  });

  it('answers 404 for an unknown conversation and 401 without a token', async () => {
    expect((await get('/api/admin/conversations/999999/messages')).statusCode).toBe(404);
    expect((await post('/api/admin/conversations/999999/messages', { text: 'hi' })).statusCode).toBe(404);
    expect((await post('/api/admin/conversations/999999/read')).statusCode).toBe(404);
    expect((await get('/api/admin/conversations/abc/messages')).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/admin/conversations/1/messages', payload: { text: 'hi' } })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/conversations/:id/read', () => {
  it('marks incoming messages read and clears the unread counter', async () => {
    const conversation = await insertConversation();
    await t.app.services.chats.receiveUserMessage(conversation.id, 'one');
    await t.app.services.chats.receiveUserMessage(conversation.id, 'two');
    const [before] = await t.handle.query<{ unread_count: number }>(sql`SELECT unread_count FROM conversations WHERE id = ${conversation.id}`);
    expect(before.unread_count).toBe(2);
    const response = await post(`/api/admin/conversations/${conversation.id}/read`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: conversation.id, unreadCount: 0, hasNotification: false });
    const [unread] = await t.handle.query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM messages WHERE conversation_id = ${conversation.id} AND read_at IS NULL`,
    );
    expect(unread.total).toBe(0);
  });
});
