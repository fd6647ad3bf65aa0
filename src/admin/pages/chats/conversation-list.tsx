// The left side of the chat screen: search, the All / Unread / Decline tabs, and one page of conversations.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, Badge, Spin, Tabs, Typography, theme } from 'antd';
import type { ConversationRow, ConversationTab } from '../../../contracts/chats';
import { PaginationControl } from '../../components/pagination-control';
import { SearchInput } from '../../components/search-input';
import { StatusBadge } from '../../components/status-badge';
import { SuspendedTag } from '../../components/suspended-tag';
import { formatConversationTime, initialOf } from './chat-format';
import { Notice } from '../../components/notice';

const TAB_LABEL_KEYS: Record<ConversationTab, string> = {
  all: 'admin.chats.tabs.all',
  unread: 'admin.chats.tabs.unread',
  declined: 'admin.chats.tabs.declined',
};

interface ConversationListProps {
  rows: ConversationRow[];
  total: number;
  page: number;
  pageSize: number;
  isLoading: boolean;
  errorMessage?: string;
  /** The search in force. */
  search: string;
  tab: ConversationTab;
  selectedId?: number;
  onSearch(text: string): void;
  onTabChange(tab: ConversationTab): void;
  onPageChange(page: number): void;
}

export function ConversationList(props: ConversationListProps) {
  const { rows, total, page, pageSize, isLoading, errorMessage, search, tab, selectedId, onSearch, onTabChange, onPageChange } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();

  return (
    <section aria-label={t('admin.chats.conversations')} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div style={{ padding: '12px 12px 0' }}>
        <SearchInput value={search} onSearch={onSearch} placeholder={t('admin.chats.search')} style={{ width: '100%' }} />
        <Tabs
          activeKey={tab}
          onChange={(key) => onTabChange(key as ConversationTab)}
          items={(Object.keys(TAB_LABEL_KEYS) as ConversationTab[]).map((key) => ({ key, label: t(TAB_LABEL_KEYS[key]) }))}
          style={{ marginBottom: 0 }}
        />
      </div>

      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {errorMessage && <Notice type="error" showIcon message={errorMessage} style={{ margin: 12 }} />}
        {isLoading && rows.length === 0 && <Spin style={{ display: 'block', margin: 24 }} />}
        {!isLoading && !errorMessage && rows.length === 0 && (
          <Typography.Paragraph style={{ padding: 16, margin: 0, color: token.colorTextSecondary }}>{t('admin.chats.empty')}</Typography.Paragraph>
        )}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <li key={row.id}>
              <ConversationLink row={row} isSelected={row.id === selectedId} />
            </li>
          ))}
        </ul>
      </div>

      {total > 0 && (
        <div style={{ padding: '0 12px 12px' }}>
          <PaginationControl current={page} pageSize={pageSize} total={total} onChange={onPageChange} />
        </div>
      )}
    </section>
  );
}

function ConversationLink({ row, isSelected }: { row: ConversationRow; isSelected: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const secondary = { color: token.colorTextSecondary, fontSize: 13 };
  return (
    <Link
      to={{ search: `?conversation=${row.id}` }}
      aria-current={isSelected ? 'true' : undefined}
      style={{
        position: 'relative',
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '12px',
        color: token.colorText,
        backgroundColor: isSelected ? token.colorPrimaryBg : 'transparent',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        borderLeft: `3px solid ${isSelected ? token.colorPrimary : 'transparent'}`,
      }}
    >
      <Badge dot={row.isOnline} color={token.colorSuccess} offset={[-4, 28]}>
        <Avatar aria-hidden style={{ backgroundColor: token.colorPrimary }}>
          {initialOf(row.name)}
        </Avatar>
      </Badge>
      <span style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
              {row.name}
            </Typography.Text>
            <SuspendedTag suspendedAt={row.suspendedAt} />
          </span>
          <span style={{ ...secondary, flexShrink: 0 }}>{formatConversationTime(row.timestamp)}</span>
        </span>
        <Typography.Text ellipsis style={secondary}>
          {row.title}
          {row.isDeclined && (
            <span style={{ marginLeft: 6 }}>
              <StatusBadge status="declined">{t('admin.chats.declined')}</StatusBadge>
            </span>
          )}
        </Typography.Text>
        <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <Typography.Text ellipsis style={{ minWidth: 0, fontWeight: row.hasNotification ? 600 : 400 }}>
            {row.message}
          </Typography.Text>
          {row.hasNotification && <Badge count={row.unreadCount} color={token.colorPrimary} title={t('admin.chats.unreadCount', { count: row.unreadCount })} />}
        </span>
        <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {row.isOnline ? t('admin.chats.online') : t('admin.chats.offline')}
        </span>
      </span>
    </Link>
  );
}
