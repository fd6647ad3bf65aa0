// The Chats screen (/chats): conversations on the left, the open one on the right; the open
// conversation is in the URL (?conversation=12) so a reload keeps it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { Grid, Typography, theme } from 'antd';
import { MessageOutlined } from '../../icons';
import { CONVERSATION_PAGE_SIZE, type ConversationRow, type ConversationTab } from '../../../contracts/chats';
import { SUSPENSIONS_LIVE_RESOURCE } from '../../../contracts/live';
import { BACKGROUND_ACTIVITY_HEADERS } from '../../../lib/api-client';
import { useLiveRefetch } from '../../live/use-live-refetch';
import { ConversationList } from './conversation-list';
import { ConversationPanel } from './conversation-panel';
import { OpenedRangeTag, useOpenedRange } from './opened-range';

export const CONVERSATION_PARAMETER = 'conversation';

/** The changes beyond the conversations' own that read the page again. */
const FOLLOWED = [SUSPENSIONS_LIVE_RESOURCE];

/** The conversation id of the URL, or undefined when it is missing or not a positive whole number. */
export function parseConversationId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

export function ChatsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const isWide = Grid.useBreakpoint().md ?? true;
  const [parameters] = useSearchParams();
  const selectedId = parseConversationId(parameters.get(CONVERSATION_PARAMETER));
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<ConversationTab>('all');
  const [page, setPage] = useState(1);
  const panel = useRef<HTMLDivElement>(null);
  const range = useOpenedRange();

  const { result, query } = useList<ConversationRow>({
    resource: 'chats',
    pagination: { currentPage: page, pageSize: CONVERSATION_PAGE_SIZE },
    filters: [
      { field: 'q', operator: 'contains', value: search },
      { field: 'tab', operator: 'eq', value: tab },
      { field: 'createdFrom', operator: 'eq', value: range.createdFrom },
      { field: 'createdTo', operator: 'eq', value: range.createdTo },
    ],
    queryOptions: { placeholderData: (previous) => previous },
    // A conversation changed (a new message, its unread count, a read mark) or the stream resynced:
    // the page is read again over the live stream (decision 026), and its online dots with it.
    liveMode: 'manual',
    onLiveEvent: () => void query.refetch(),
    // Those reads must not keep an idle session alive. The query cannot tell them from the load a
    // search or tab asked for, so all of the list's calls are marked; the administrator's sends are not.
    meta: { headers: BACKGROUND_ACTIVITY_HEADERS },
    errorNotification: false,
  });
  const rows = result.data;
  // A user suspended or reinstated: the page, and the open conversation's header with it, shows it.
  useLiveRefetch(FOLLOWED, () => void query.refetch());

  // Stacked on a phone: bring the opened conversation into view below the list.
  useEffect(() => {
    if (!isWide && selectedId !== undefined) panel.current?.scrollIntoView?.({ block: 'start' });
  }, [isWide, selectedId]);

  const frame = { border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, backgroundColor: token.colorBgContainer };

  return (
    <>
      <Typography.Title level={2}>{t('admin.nav.chats')}</Typography.Title>
      <OpenedRangeTag
        range={{
          ...range,
          clear: () => {
            range.clear();
            setPage(1);
          },
        }}
      />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: isWide ? 'minmax(260px, 360px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          gap: 16,
          height: isWide ? 'calc(100vh - 220px)' : undefined,
          minHeight: isWide ? 480 : undefined,
        }}
      >
        <div style={{ ...frame, height: isWide ? '100%' : 420, minHeight: 0 }}>
          <ConversationList
            rows={rows}
            total={result.total ?? 0}
            page={page}
            pageSize={CONVERSATION_PAGE_SIZE}
            isLoading={query.isLoading}
            errorMessage={query.error?.message}
            search={search}
            tab={tab}
            selectedId={selectedId}
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
            onTabChange={(next) => {
              setTab(next);
              setPage(1);
            }}
            onPageChange={setPage}
          />
        </div>
        <div ref={panel} style={{ ...frame, height: isWide ? '100%' : 560, minHeight: 0 }}>
          {selectedId === undefined ? (
            <div
              style={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 12,
                padding: 24,
                color: token.colorTextSecondary,
              }}
            >
              <MessageOutlined aria-hidden style={{ fontSize: 40 }} />
              <Typography.Text style={{ color: token.colorTextSecondary }}>{t('admin.chats.selectPrompt')}</Typography.Text>
            </div>
          ) : (
            <ConversationPanel key={selectedId} conversationId={selectedId} row={rows.find((row) => row.id === selectedId)} />
          )}
        </div>
      </div>
    </>
  );
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default ChatsPage;
