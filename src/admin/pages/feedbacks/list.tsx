import { ReloadOutlined } from '@ant-design/icons';
import { useInfiniteList, type HttpError } from '@refinedev/core';
import { Button, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACKS_PAGE_SIZE, type Feedback } from '../../../contracts/feedbacks';
import { describeListError } from '../../components/list-error';
import { ListErrorAlert } from '../../components/list-error-alert';
import { SearchInput } from '../../components/search-input';
import { FeedbackCard } from './feedback-card';

/** Every loaded card once, in the server's order (newest first): a row that moved pages between loads is not shown twice. */
function uniqueById(pages: readonly { data: Feedback[] }[]): Feedback[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.data).filter((feedback) => !seen.has(feedback.id) && Boolean(seen.add(feedback.id)));
}

/** Feedback (/feedback): newest first, 10 cards at a time with "Show More", searchable. */
export function FeedbackList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [isRefreshFailed, setIsRefreshFailed] = useState(false);
  const { query, result } = useInfiniteList<Feedback, HttpError>({
    resource: 'feedbacks',
    pagination: { pageSize: FEEDBACKS_PAGE_SIZE },
    filters: [{ field: 'q', operator: 'contains', value: search === '' ? undefined : search }],
    errorNotification: false,
    // The screen has a Refresh button; retrying a failed load three times would only delay its message.
    queryOptions: { retry: false },
  });
  // Relative times count from the last load (cards exist only once one happened), so they do not shift while the list is read.
  const now = useMemo(() => new Date(query.dataUpdatedAt), [query.dataUpdatedAt]);

  const pages = result.data?.pages ?? [];
  const errorTexts = {
    unauthorized: t('admin.auth.unauthorized'),
    notFound: t('admin.feedback.errors.notFound'),
    failed: t(isRefreshFailed ? 'admin.feedback.errors.refresh' : 'admin.feedback.errors.fetch'),
  };
  const loadError = describeListError(query.error, errorTexts);
  const feedbacks = loadError?.isEmptyList ? [] : uniqueById(pages);
  const total = loadError?.isEmptyList ? 0 : (pages.at(-1)?.total ?? 0);

  async function refresh() {
    setIsRefreshing(true);
    const refreshed = await query.refetch();
    setIsRefreshFailed(refreshed.isError);
    setIsRefreshing(false);
  }

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.feedback.title')}
        </Typography.Title>
        <Button icon={<ReloadOutlined spin={isRefreshing} />} onClick={() => void refresh()} disabled={isRefreshing}>
          {t(isRefreshing ? 'admin.feedback.refreshing' : 'admin.feedback.refresh')}
        </Button>
      </Flex>
      <SearchInput
        value={search}
        placeholder={t('admin.feedback.search')}
        onSearch={(value) => {
          setSearch(value);
          setIsRefreshFailed(false);
        }}
      />
      <ListErrorAlert error={query.isError ? query.error : undefined} texts={errorTexts} />
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : feedbacks.length === 0 ? (
        <Empty
          description={
            <Flex vertical>
              <Typography.Text strong>{t('admin.feedback.emptyTitle')}</Typography.Text>
              <Typography.Text>{t(search === '' ? 'admin.feedback.emptyAll' : 'admin.feedback.emptyFiltered')}</Typography.Text>
            </Flex>
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {feedbacks.map((feedback) => (
            <Col key={feedback.id} xs={24} lg={12} xxl={8}>
              <FeedbackCard feedback={feedback} now={now} />
            </Col>
          ))}
        </Row>
      )}
      <Flex vertical align="center" gap={8}>
        {result.hasNextPage && !loadError?.isEmptyList ? (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('admin.feedback.loadMore')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" aria-live="polite">
          {t('admin.feedback.showing', { shown: feedbacks.length, total })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
