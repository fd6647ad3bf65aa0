// The right side of the chat screen: who the conversation is with, its messages, and the composer.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Button, Input, Spin, Typography, theme } from 'antd';
import { CloseOutlined, SendOutlined } from '../../icons';
import { MAX_MESSAGE_LENGTH, type ConversationRow } from '../../../contracts/chats';
import { usePermission } from '../../access';
import { formatMessageTime, initialOf } from './chat-format';
import { useConversationMessages, type ConversationMessages, type ShownMessage } from './use-conversation-messages';
import { Notice } from '../../components/notice';
import { SuspendedTag } from '../../components/suspended-tag';

/** How close to the bottom (px) still counts as following the conversation, so new messages scroll into view. */
const FOLLOW_THRESHOLD_PX = 80;

interface ConversationPanelProps {
  conversationId: number;
  /** The conversation's row on the current list page, when it is there (kept fresh by the list, which follows the live stream). */
  row?: ConversationRow;
}

/** One open conversation; render it with `key={conversationId}` so another conversation starts afresh. */
export function ConversationPanel({ conversationId, row }: ConversationPanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Support answers; a Viewer reads only, so the composer is left out and nothing is marked read.
  const canAnswer = usePermission('chats', 'chats.answer');
  const { messages, isLoading, error, conversation, send } = useConversationMessages(conversationId, canAnswer);
  // Whether the reader is at the bottom of the log, so new messages scroll into view.
  const isFollowing = useRef(true);
  const shown = row ?? conversation;

  return (
    <section
      aria-label={shown ? t('admin.chats.conversationWith', { name: shown.name }) : t('admin.chats.conversation')}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <ConversationHeader shown={shown} />
      <MessageLog
        messages={messages}
        isLoading={isLoading}
        error={error}
        isFollowing={isFollowing}
        onFollowingChange={(value) => {
          isFollowing.current = value;
        }}
      />
      {canAnswer ? (
        <Composer
          send={(text, onFailure) => {
            isFollowing.current = true;
            send(text, onFailure);
          }}
        />
      ) : (
        <Typography.Text type="secondary" style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: 12 }}>
          {t('admin.chats.readOnly')}
        </Typography.Text>
      )}
    </section>
  );
}

/** Who the conversation is with, whether they are suspended, and whether they are online. */
function ConversationHeader({ shown }: { shown: ConversationRow | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '12px 16px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Avatar aria-hidden style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }}>
        {initialOf(shown?.name ?? '')}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        {shown && (
          <div style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0, minWidth: 0 }} ellipsis>
              {shown.name}
            </Typography.Title>
            <SuspendedTag suspendedAt={shown.suspendedAt} />
          </div>
        )}
        {shown && (
          <Badge
            status={shown.isOnline ? 'success' : 'default'}
            text={<span style={{ color: token.colorTextSecondary }}>{shown.isOnline ? t('admin.chats.online') : t('admin.chats.offline')}</span>}
          />
        )}
      </div>
    </header>
  );
}

interface MessageLogProps extends Pick<ConversationMessages, 'messages' | 'isLoading' | 'error'> {
  isFollowing: RefObject<boolean>;
  /** Told on each scroll whether the reader is now at the bottom. */
  onFollowingChange: (isFollowing: boolean) => void;
}

/** The messages, oldest first; a new one scrolls into view while the reader is at the bottom, or when it is their own. */
function MessageLog({ messages, isLoading, error, isFollowing, onFollowingChange }: MessageLogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const log = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = log.current;
    const last = messages[messages.length - 1];
    if (element && (isFollowing.current || last?.isPending)) element.scrollTop = element.scrollHeight;
  }, [messages, isFollowing]);

  return (
    <div
      ref={log}
      role="log"
      aria-label={t('admin.chats.messages')}
      // axe asks that a scrollable region be reachable by keyboard, and the log holds nothing focusable.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        onFollowingChange(element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX);
      }}
      style={{ flex: 1, minHeight: 240, overflowY: 'auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {isLoading && <Spin style={{ margin: 'auto' }} />}
      {error && <Notice type="error" showIcon message={error.message} />}
      {!isLoading && !error && messages.length === 0 && (
        <Typography.Text style={{ margin: 'auto', color: token.colorTextSecondary }}>{t('admin.chats.noMessages')}</Typography.Text>
      )}
      {messages.map((message) => (
        <MessageBubble key={message.key} message={message} />
      ))}
    </div>
  );
}

/** The reply box: Enter sends, Shift+Enter starts a new line; a failed send says why and gives the text back. */
function Composer({ send }: Pick<ConversationMessages, 'send'>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | undefined>(undefined);
  const isBlank = draft.trim() === '';

  function submit() {
    if (isBlank) return;
    const text = draft;
    setDraft('');
    setSendError(undefined);
    send(text, (failure) => {
      setSendError(failure.message);
      // Give the text back so nothing typed is lost.
      setDraft((current) => (current === '' ? text : current));
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter starts a new line; Enter that ends an IME composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: 12 }}>
      {sendError && (
        <Notice
          type="error"
          showIcon
          // antd's close button would be named by its icon, "close", in every language.
          closable={{ closeIcon: <CloseOutlined />, 'aria-label': t('admin.framework.buttons.close') }}
          message={sendError}
          onClose={() => setSendError(undefined)}
          style={{ marginBottom: 8 }}
        />
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('admin.chats.placeholder')}
          aria-label={t('admin.chats.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={MAX_MESSAGE_LENGTH}
        />
        <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={isBlank} aria-label={t('admin.chats.send')} />
      </div>
    </div>
  );
}

function MessageBubble({ message }: { message: ShownMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isOwn = message.isOwn;
  return (
    <div
      data-own={isOwn}
      style={{
        alignSelf: isOwn ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        padding: '8px 12px',
        borderRadius: 12,
        backgroundColor: isOwn ? token.colorPrimary : token.colorFillSecondary,
        color: isOwn ? '#ffffff' : token.colorText,
      }}
    >
      {/* Stored text is shown as typed: line breaks kept, nothing interpreted. */}
      <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</div>
      <div style={{ fontSize: 12, marginTop: 4, textAlign: isOwn ? 'right' : 'left', color: isOwn ? '#ffffff' : token.colorTextSecondary }}>
        {message.isPending
          ? t('admin.chats.sending')
          : message.staffName
            ? t('admin.chats.sentBy', { name: message.staffName, time: formatMessageTime(message.time) })
            : formatMessageTime(message.time)}
      </div>
    </div>
  );
}
