// SQL for the chat screen: conversations, their messages, unread counters.
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ConversationTab } from '../../../src/contracts/chats';
import type { Database, Transaction } from '../../db/client';
import { administrators, conversations, messages, users } from '../../db/schema';
import { createdRangeCondition, type CreatedRange } from '../../lib/created-range';

interface ConversationFilter {
  /** A LIKE pattern for the listing title or the user's name, already escaped. */
  pattern?: string;
  tab: ConversationTab;
  /** Opened on these days (the dashboard's chat chart counts conversations so). */
  created?: CreatedRange;
}

const conversationColumns = {
  id: conversations.id,
  name: users.name,
  title: conversations.title,
  message: conversations.lastMessageText,
  lastMessageAt: conversations.lastMessageAt,
  unreadCount: conversations.unreadCount,
  isDeclined: conversations.isDeclined,
  lastSeenAt: users.lastSeenAt,
  suspendedAt: users.suspendedAt,
};

const messageColumns = {
  id: messages.id,
  body: messages.body,
  isFromAdmin: messages.isFromAdmin,
  createdAt: messages.createdAt,
  /** The sending staff member's name, read by the row's own key (no join: the paging stays on the message index). */
  staffName: sql<string | null>`(SELECT ${administrators.name} FROM ${administrators} WHERE ${administrators.id} = ${messages.administratorId})`,
};

export type ConversationRecord = Awaited<ReturnType<ReturnType<typeof createChatsRepository>['listPage']>>[number];
export type MessageRecord = Awaited<ReturnType<ReturnType<typeof createChatsRepository>['listMessagesAfter']>>[number];

function whereOf(filter: ConversationFilter): SQL | undefined {
  return and(
    filter.pattern === undefined ? undefined : or(ilike(conversations.title, filter.pattern), ilike(users.name, filter.pattern)),
    filter.tab === 'unread' ? gt(conversations.unreadCount, 0) : undefined,
    filter.tab === 'declined' ? eq(conversations.isDeclined, true) : undefined,
    createdRangeCondition(conversations.createdAt, filter.created),
  );
}

export function createChatsRepository(db: Database) {
  return {
    /** Newest activity first. */
    async listPage(filter: ConversationFilter & { limit: number; offset: number }) {
      return db
        .select(conversationColumns)
        .from(conversations)
        .leftJoin(users, eq(users.id, conversations.userId))
        .where(whereOf(filter))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(filter.limit)
        .offset(filter.offset);
    },

    async count(filter: ConversationFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(conversations).leftJoin(users, eq(users.id, conversations.userId)).where(whereOf(filter));
      return row.total;
    },

    async findConversation(executor: Database | Transaction, id: number) {
      const [row] = await executor
        .select(conversationColumns)
        .from(conversations)
        .leftJoin(users, eq(users.id, conversations.userId))
        .where(eq(conversations.id, id));
      return row;
    },

    async listMessagesAfter(conversationId: number, afterId: number, limit: number) {
      return db
        .select(messageColumns)
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), gt(messages.id, afterId)))
        .orderBy(asc(messages.id))
        .limit(limit);
    },

    /** The newest messages, newest first. */
    async listLatestMessages(conversationId: number, limit: number) {
      return db.select(messageColumns).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(limit);
    },

    async insertMessage(
      executor: Transaction,
      message: { conversationId: number; isFromAdmin: boolean; administratorId: number | null; body: string; createdAt: Date },
    ) {
      const [row] = await executor.insert(messages).values(message).returning(messageColumns);
      return row;
    },

    /** Records the conversation's latest message; an incoming one also counts as unread. */
    async recordLastMessage(executor: Transaction, id: number, last: { text: string; at: Date; isIncoming: boolean }) {
      await executor
        .update(conversations)
        .set({
          lastMessageText: last.text,
          lastMessageAt: last.at,
          unreadCount: last.isIncoming ? sql`${conversations.unreadCount} + 1` : conversations.unreadCount,
        })
        .where(eq(conversations.id, id));
    },

    /** A user who writes is online now. */
    async touchUserOf(executor: Transaction, conversationId: number, now: Date) {
      await executor
        .update(users)
        .set({ lastSeenAt: now })
        .where(eq(users.id, sql`(SELECT ${conversations.userId} FROM ${conversations} WHERE ${conversations.id} = ${conversationId})`));
    },

    async markIncomingRead(executor: Transaction, conversationId: number, now: Date) {
      await executor
        .update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.conversationId, conversationId), eq(messages.isFromAdmin, false), isNull(messages.readAt)));
      await executor.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, conversationId));
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
