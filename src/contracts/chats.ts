// Chats: the conversation list (search, tabs), messages (newer ones by afterId), sending and marking read.
import { z } from 'zod';
import { daySchema, MAX_TEXT_LENGTH } from './common';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './paging';

export const CONVERSATION_PAGE_SIZE = 20;
/** Most messages one call answers; asking again with afterId fetches the rest. */
export const MESSAGE_BATCH_SIZE = 200;
export const MAX_MESSAGE_LENGTH = MAX_TEXT_LENGTH;
/** A user seen within this many minutes shows as online. */
export const ONLINE_WINDOW_MINUTES = 5;

export const CONVERSATION_TABS = ['all', 'unread', 'declined'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];

/** Always one page, newest activity first: a conversation list has no whole-array form. */
export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  q: z.string().max(MAX_SEARCH_LENGTH).optional(),
  tab: z.enum(CONVERSATION_TABS).optional(),
  /** Opened from and to these days (UTC, both included): a bar of the dashboard's chat chart. */
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationRowSchema = z.object({
  id: z.number().int(),
  /** The user's name. */
  name: z.string(),
  /** The listing the conversation is about. */
  title: z.string(),
  /** The last message's text. */
  message: z.string(),
  timestamp: z.string(),
  hasNotification: z.boolean(),
  unreadCount: z.number().int(),
  isOnline: z.boolean(),
  isDeclined: z.boolean(),
  /** Since when the user is suspended, ISO 8601; null while active or when the account is gone. */
  suspendedAt: z.string().nullable(),
});
export type ConversationRow = z.infer<typeof conversationRowSchema>;

export const MESSAGE_SENDERS = ['admin', 'user'] as const;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  sender: z.enum(MESSAGE_SENDERS),
  time: z.string(),
  /** True for the administrators' own messages (shown on the right). */
  isOwn: z.boolean(),
  /** On back-office messages: the staff member who sent it (null for messages from before staff roles or a deleted account). */
  staffName: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messageListQuerySchema = z.object({
  afterId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const MESSAGE_EMPTY_MESSAGE = 'Message cannot be empty';
export const MESSAGE_TOO_LONG_MESSAGE = `Message must be at most ${MAX_MESSAGE_LENGTH} characters`;

export const sendMessageRequestSchema = z.object({
  text: z
    .string(MESSAGE_EMPTY_MESSAGE)
    .max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG_MESSAGE)
    .refine((text) => text.trim() !== '', MESSAGE_EMPTY_MESSAGE),
});

export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversation not found';
