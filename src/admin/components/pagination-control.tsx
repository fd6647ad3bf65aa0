import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page number to show, or a gap ("...") between the window and page 1 or the last page. */
type PageItem = number | 'gap-start' | 'gap-end';

const WINDOW_SIZE = 5;

/**
 * The shared control of docs/product.md §6: at most five numbers centred on the current page, with page 1 and
 * the last page always reachable through "..." gaps.
 */
export function pageWindow(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const first = Math.max(1, Math.min(current - Math.floor(WINDOW_SIZE / 2), pageCount - WINDOW_SIZE + 1));
  const last = Math.min(pageCount, first + WINDOW_SIZE - 1);
  const items: PageItem[] = [];
  if (first > 1) items.push(1);
  if (first > 2) items.push('gap-start');
  for (let page = first; page <= last; page += 1) items.push(page);
  if (last < pageCount - 1) items.push('gap-end');
  if (last < pageCount) items.push(pageCount);
  return items;
}

/** "Showing X to Y of Z results" numbers for a page (0 to 0 of 0 when empty). */
export function shownRange(current: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (current - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(current * pageSize, total) };
}

interface PaginationControlProps {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
  /** Hides "Showing X to Y of Z results" where a screen words its own summary. */
  isSummaryHidden?: boolean;
  /**
   * The rows came before their exact total (a broad search, decision 021): `total` counts the rows
   * so far and one more when there is a next page. The summary says the total is being counted, and
   * Last waits for it.
   */
  isTotalPending?: boolean;
  /** The rows' first answer is on its way: the summary waits, empty, rather than read "0 results". */
  isLoading?: boolean;
}

/** The pagination control under every admin list (antd's own Pagination has no First and Last). */
export function PaginationControl({ current, pageSize, total, onChange, isSummaryHidden, isTotalPending = false, isLoading = false }: PaginationControlProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const isFirst = current <= 1;
  const isLast = current >= pageCount;
  const { from, to } = shownRange(current, pageSize, total);

  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }}>
      {!isSummaryHidden && (
        <Typography.Text type="secondary" aria-live="polite">
          {isLoading ? null : isTotalPending ? t('admin.pagination.showingCounting', { from, to }) : t('admin.pagination.showing', { from, to, total })}
        </Typography.Text>
      )}
      <nav aria-label={t('admin.pagination.label')}>
        <Space wrap size={4}>
          <Button onClick={() => onChange(1)} disabled={isFirst}>
            {t('admin.pagination.first')}
          </Button>
          <Button onClick={() => onChange(current - 1)} disabled={isFirst}>
            {t('admin.pagination.previous')}
          </Button>
          {pageWindow(current, pageCount).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                type={item === current ? 'primary' : 'default'}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => onChange(item)}
              >
                {item}
              </Button>
            ) : (
              <Typography.Text key={item} aria-hidden>
                ...
              </Typography.Text>
            ),
          )}
          <Button onClick={() => onChange(current + 1)} disabled={isLast}>
            {t('admin.pagination.next')}
          </Button>
          <Button onClick={() => onChange(pageCount)} disabled={isLast || isTotalPending}>
            {t('admin.pagination.last')}
          </Button>
        </Space>
      </nav>
    </Space>
  );
}
