// The chat screen: conversations, messages (read after the last one seen), sending, marking read, and incoming
// user messages (the mobile app's side, used by the seed and tests).
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  CONVERSATION_PAGE_SIZE,
  MESSAGE_BATCH_SIZE,
  MESSAGE_EMPTY_MESSAGE,
  MAX_MESSAGE_LENGTH,
  MESSAGE_TOO_LONG_MESSAGE,
  ONLINE_WINDOW_MINUTES,
  type ChatMessage,
  type ConversationListQuery,
  type ConversationRow,
} from '../../../src/contracts/chats';
import type { Database, Transaction } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createdRangeOf } from '../../lib/created-range';
import { containsPattern, resolvePage, searchTerm } from '../../lib/paging';
import type { ChatsRepository, ConversationRecord, MessageRecord } from './chats.repository';

interface ChatsServiceDeps {
  db: Database;
  repository: ChatsRepository;
  clock: Clock;
}

const UNKNOWN_USER_NAME = 'Unknown User';
const ONLINE_WINDOW_MS = ONLINE_WINDOW_MINUTES * 60 * 1000;

function toMessage(record: MessageRecord): ChatMessage {
  return {
    id: record.id,
    text: record.body,
    sender: record.isFromAdmin ? 'admin' : 'user',
    time: record.createdAt.toISOString(),
    isOwn: record.isFromAdmin,
    ...(record.isFromAdmin ? { staffName: record.staffName } : {}),
  };
}

export function createChatsService({ db, repository, clock }: ChatsServiceDeps) {
  function toConversation(record: ConversationRecord): ConversationRow {
    const onlineSince = clock.now().getTime() - ONLINE_WINDOW_MS;
    return {
      id: record.id,
      name: record.name ?? UNKNOWN_USER_NAME,
      title: record.title,
      message: record.message ?? '',
      timestamp: record.lastMessageAt.toISOString(),
      hasNotification: record.unreadCount > 0,
      unreadCount: record.unreadCount,
      isOnline: record.lastSeenAt !== null && record.lastSeenAt.getTime() >= onlineSince,
      isDeclined: record.isDeclined,
      suspendedAt: record.suspendedAt?.toISOString() ?? null,
    };
  }

  async function requireConversation(executor: Database | Transaction, id: number): Promise<ConversationRecord> {
    const found = await repository.findConversation(executor, id);
    if (!found) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
    return found;
  }

  /** `administratorId`: the staff member who sends a back-office message; null for the user's. */
  async function addMessage(conversationId: number, text: string, administratorId: number | null): Promise<ChatMessage> {
    const isFromAdmin = administratorId !== null;
    if (text.trim() === '') throw new BadRequestError(MESSAGE_EMPTY_MESSAGE);
    if (text.length > MAX_MESSAGE_LENGTH) throw new BadRequestError(MESSAGE_TOO_LONG_MESSAGE);
    return db.transaction(async (transaction) => {
      await requireConversation(transaction, conversationId);
      const now = clock.now();
      const message = await repository.insertMessage(transaction, { conversationId, isFromAdmin, administratorId, body: text, createdAt: now });
      await repository.recordLastMessage(transaction, conversationId, { text, at: now, isIncoming: !isFromAdmin });
      if (!isFromAdmin) await repository.touchUserOf(transaction, conversationId, now);
      return toMessage(message);
    });
  }

  return {
    async listPage(query: ConversationListQuery): Promise<{ rows: ConversationRow[]; total: number }> {
      const window = resolvePage(query, CONVERSATION_PAGE_SIZE);
      const search = searchTerm(query.q);
      const filter = {
        pattern: search === undefined ? undefined : containsPattern(search),
        tab: query.tab ?? 'all',
        created: createdRangeOf(query),
      };
      const [rows, total] = await Promise.all([repository.listPage({ ...filter, limit: window.limit, offset: window.offset }), repository.count(filter)]);
      return { rows: rows.map(toConversation), total };
    },

    /** Oldest first. Without afterId: the latest batch; with it: what came after (asked when the live stream names the conversation). */
    async listMessages(conversationId: number, afterId: number | undefined): Promise<ChatMessage[]> {
      await requireConversation(db, conversationId);
      const records =
        afterId === undefined
          ? (await repository.listLatestMessages(conversationId, MESSAGE_BATCH_SIZE)).reverse()
          : await repository.listMessagesAfter(conversationId, afterId, MESSAGE_BATCH_SIZE);
      return records.map(toMessage);
    },

    /** A back-office message, recorded with the staff member who sent it. */
    sendAdminMessage(administratorId: number, conversationId: number, text: string): Promise<ChatMessage> {
      return addMessage(conversationId, text, administratorId);
    },

    /** A message from the user's side: bumps the unread counter and marks the user online. */
    receiveUserMessage(conversationId: number, text: string): Promise<ChatMessage> {
      return addMessage(conversationId, text, null);
    },

    async markRead(conversationId: number): Promise<ConversationRow> {
      return db.transaction(async (transaction) => {
        await requireConversation(transaction, conversationId);
        await repository.markIncomingRead(transaction, conversationId, clock.now());
        return toConversation(await requireConversation(transaction, conversationId));
      });
    },
  };
}
