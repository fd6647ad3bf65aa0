// The open conversation's messages: the latest batch, then only newer ones (afterId) when the live
// stream says one was stored, and sends shown at once and reconciled with what the server stored.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCustomMutation, useDataProvider, useInvalidate, useOnError, type BaseRecord, type HttpError } from '@refinedev/core';
import type { ChatMessage, ConversationRow } from '../../../contracts/chats';
import { BACKGROUND_ACTIVITY_HEADERS } from '../../../lib/api-client';
import { idsOf, RECONNECTED_TOPIC, resourceChannel, useLiveEvents, type LiveTopic } from '../../live/use-live-events';
import { actionPath } from '../../resources';

/** What an open conversation follows: messages stored (its id), the chats' resync, the stream's reconnect. */
const CONVERSATION_TOPICS: readonly LiveTopic[] = [
  { channel: resourceChannel('messages'), types: ['created'] },
  { channel: resourceChannel('chats'), types: ['resync'] },
  RECONNECTED_TOPIC,
];

/** A message on screen: stored ones carry the server's id; a send still under way has only a local key. */
export type ShownMessage = ChatMessage & { key: string; isPending: boolean };

type PendingSend = { key: string; text: string; time: string };

/** Stored messages by id, oldest first, each once (a read may return a message a send already answered). */
function mergeMessages(known: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(known.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((first, second) => first.id - second.id);
}

let pendingCounter = 0;

export interface ConversationMessages {
  messages: ShownMessage[];
  isLoading: boolean;
  error?: HttpError;
  /** The conversation as marking it read answered it (name, online), for when it is not on the list page. */
  conversation?: ConversationRow;
  send(text: string, onFailure: (error: HttpError) => void): void;
}

interface ReadCallbacks {
  /** One batch of stored messages (maybe none); `isFollowUp`: a read after the first, asked for by the live stream. */
  onRead(batch: ChatMessage[], isFollowUp: boolean): void;
  onFailure(failure: unknown): void;
  /** After each read, answered or failed. */
  onSettled(): void;
}

/**
 * Reads the latest batch now, and on each `readNewer` only the messages after the last one read, one
 * read at a time and none while the tab is hidden, until `close`.
 */
function startReading(readBatch: (afterId: number | undefined, isFollowUp: boolean) => Promise<ChatMessage[]>, callbacks: ReadCallbacks) {
  // The cursor only moves with what reads return: a send's id could jump over a user's message stored meanwhile.
  let cursor: number | undefined;
  let isInFlight = false;
  // A change arrived while a read was under way or the tab was hidden: read once more after it.
  let isAgain = false;
  let isClosed = false;

  async function read() {
    // One request at a time, none while the tab is hidden: coming back to the tab reads what arrived.
    if (isClosed) return;
    if (isInFlight || (cursor !== undefined && document.visibilityState === 'hidden')) {
      isAgain = true;
      return;
    }
    isInFlight = true;
    isAgain = false;
    // Opening the conversation is the administrator's doing; every later read follows the live stream.
    const isFollowUp = cursor !== undefined;
    try {
      const batch = await readBatch(cursor, isFollowUp);
      if (isClosed) return;
      cursor = Math.max(cursor ?? 0, ...batch.map((message) => message.id));
      callbacks.onRead(batch, isFollowUp);
    } catch (failure) {
      if (isClosed) return;
      callbacks.onFailure(failure);
    } finally {
      isInFlight = false;
      if (!isClosed) {
        callbacks.onSettled();
        if (isAgain) void read();
      }
    }
  }

  function onVisibilityChange() {
    if (document.visibilityState === 'visible' && isAgain) void read();
  }

  void read();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return {
    readNewer: () => void read(),
    close: () => {
      isClosed = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

/** Marks the conversation read, if the role may answer; `isBackground`: an arrival, read while it is open, is not the member's activity. */
function useMarkRead(conversationId: number, canAnswer: boolean, onMarked: (conversation: ConversationRow) => void) {
  const { mutate: markReadMutate } = useCustomMutation<ConversationRow & BaseRecord>();
  return useCallback(
    (isBackground = false) => {
      if (!canAnswer) return;
      markReadMutate(
        {
          url: actionPath('chats', 'markRead', conversationId),
          method: 'post',
          values: {},
          config: isBackground ? { headers: BACKGROUND_ACTIVITY_HEADERS } : undefined,
          successNotification: false,
          errorNotification: false,
        },
        { onSuccess: ({ data }) => onMarked(data) },
      );
    },
    [canAnswer, conversationId, markReadMutate, onMarked],
  );
}

/** The stored messages, read while the conversation is open; `readNewer` reads what came after the last one. */
function useStoredMessages(conversationId: number, markRead: (isBackground?: boolean) => void) {
  const dataProvider = useDataProvider();
  const { mutate: reportError } = useOnError();
  const [stored, setStored] = useState<ChatMessage[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<HttpError | undefined>(undefined);

  // The latest callbacks, for the reader below, which lives as long as the conversation is open.
  const latest = useRef({ markRead, reportError });
  useEffect(() => {
    latest.current = { markRead, reportError };
  }, [markRead, reportError]);
  const readNewer = useRef<() => void>(() => undefined);

  useEffect(() => {
    const reading = startReading(
      async (afterId, isFollowUp) => {
        const { custom } = dataProvider();
        if (!custom) throw new Error('The data provider has no custom calls');
        const { data } = await custom<BaseRecord>({
          url: actionPath('chats', 'messages', conversationId),
          method: 'get',
          query: afterId === undefined ? undefined : { afterId },
          headers: isFollowUp ? BACKGROUND_ACTIVITY_HEADERS : undefined,
        });
        return data as unknown as ChatMessage[];
      },
      {
        onRead: (batch, isFollowUp) => {
          if (batch.length > 0) {
            setStored((known) => mergeMessages(known, batch));
            // Messages that arrive while the conversation is open are read as they show.
            if (isFollowUp && batch.some((message) => !message.isOwn)) latest.current.markRead(true);
          }
          setError(undefined);
        },
        onFailure: (failure) => {
          setError(failure as HttpError);
          latest.current.reportError(failure);
        },
        onSettled: () => setIsLoading(false),
      },
    );
    readNewer.current = reading.readNewer;
    return () => {
      reading.close();
      readNewer.current = () => undefined;
    };
  }, [conversationId, dataProvider]);

  return { stored, setStored, isLoading, error, readNewer: () => readNewer.current() };
}

/** Sends shown at once, each until the server stores it (it then joins the stored messages) or refuses it. */
function useSends(conversationId: number, onStored: (message: ChatMessage) => void) {
  const [pending, setPending] = useState<PendingSend[]>([]);
  const { mutate: sendMutate } = useCustomMutation<ChatMessage & BaseRecord>();
  const send = useCallback(
    (text: string, onFailure: (error: HttpError) => void) => {
      pendingCounter += 1;
      const key = `pending-${pendingCounter}`;
      setPending((sends) => [...sends, { key, text, time: new Date().toISOString() }]);
      sendMutate(
        {
          url: actionPath('chats', 'send', conversationId),
          method: 'post',
          values: { text },
          successNotification: false,
          errorNotification: false,
        },
        {
          onSuccess: ({ data }) => {
            setPending((sends) => sends.filter((item) => item.key !== key));
            onStored(data);
          },
          onError: (failure) => {
            setPending((sends) => sends.filter((item) => item.key !== key));
            onFailure(failure);
          },
        },
      );
    },
    [conversationId, onStored, sendMutate],
  );
  return { pending, send };
}

/**
 * Messages of one conversation; mount it again (a React key) for another conversation. `canAnswer`:
 * the role may answer, and so marks what it reads as read; a Viewer reads without changing anything.
 */
export function useConversationMessages(conversationId: number, canAnswer = true): ConversationMessages {
  const invalidate = useInvalidate();
  const [conversation, setConversation] = useState<ConversationRow | undefined>(undefined);
  const refreshList = useCallback(() => {
    void invalidate({ resource: 'chats', invalidates: ['list'] });
  }, [invalidate]);
  const onMarked = useCallback(
    (marked: ConversationRow) => {
      setConversation(marked);
      refreshList();
    },
    [refreshList],
  );
  const markRead = useMarkRead(conversationId, canAnswer, onMarked);
  const { stored, setStored, isLoading, error, readNewer } = useStoredMessages(conversationId, markRead);

  // New messages come over the live stream (decision 026): a message stored in this conversation, or
  // a resync or reconnect (what was missed), reads only what came after the last one seen (afterId).
  // A read mark (`messages` updated) changes no message shown: it moves the conversation's unread
  // count, which the list reads again on its own `chats` change.
  useLiveEvents(CONVERSATION_TOPICS, (event) => {
    if (event.type === 'created' && !idsOf(event).includes(String(conversationId))) return;
    readNewer();
  });

  // Opening a conversation reads it (the hook is mounted afresh for each conversation).
  // The role's answer may arrive after the conversation opened: it is read once the answer allows it.
  useEffect(() => {
    markRead();
  }, [markRead]);

  const onStored = useCallback(
    (message: ChatMessage) => {
      setStored((known) => mergeMessages(known, [message]));
      refreshList();
    },
    [refreshList, setStored],
  );
  const { pending, send } = useSends(conversationId, onStored);

  const messages = useMemo<ShownMessage[]>(
    () => [
      ...stored.map((message) => ({ ...message, key: `message-${message.id}`, isPending: false })),
      ...pending.map(({ key, text, time }) => ({ id: 0, key, text, time, sender: 'admin' as const, isOwn: true, isPending: true })),
    ],
    [stored, pending],
  );

  return { messages, isLoading, error, conversation, send };
}
