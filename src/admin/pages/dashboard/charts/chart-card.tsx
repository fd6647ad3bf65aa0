// One chart of the dashboard: its call over the range, the chart or its table (a choice the member
// makes), the CSV of its series, and its error with a retry. Clicking a bucket opens its list. It
// follows the live stream while on screen (use-chart-follow.ts).
import { useCustom, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Segmented, Skeleton, theme } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { chartCall } from '../../../../contracts/dashboard-chart-names';
import { chartCsv, downloadCsv } from './chart-csv';
import { ChartFigure, type ChartPoint } from './chart-figure';
import type { ChartFormat } from './chart-format';
import type { ChartRange } from './chart-range';
import { listOf, type ChartSpec, type SeriesSpec } from './chart-specs';
import { ChartTable } from './chart-table';
import { Notice } from '../../../components/notice';
import { useListAddress } from '../../../list/list-address';
import { useChartFollow } from './use-chart-follow';

type ChartAnswer = { from: string; to: string; bucket: 'day' | 'week'; points: ChartPoint[]; total?: number; averagePerBucket?: number };

export function ChartCard({ spec, range, format }: { spec: ChartSpec; range: ChartRange; format: ChartFormat }) {
  const translate = useTranslate();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { query } = useCustom<ChartAnswer, HttpError>({ url: chartCall(spec.name), method: 'get', config: { query: range }, errorNotification: false });
  const place = useRef<HTMLElement>(null);
  useChartFollow(spec.name, range, place, () => void query.refetch());
  const answer = query.data?.data;
  const text = (key: string, options?: Record<string, unknown>) => translate(`admin.charts.${key}`, options ?? {});
  const title = text(`charts.${spec.name}.title`);
  const label = (series: SeriesSpec) => text(`charts.${spec.name}.series.${series.key}`);
  const listAddress = useListAddress();
  // The address the list keeps for these filters: the click lands there and stays.
  const linkOf = spec.list
    ? (point: ChartPoint) => {
        const list = listOf(spec, point);
        return list && listAddress(list.path, list.filters);
      }
    : undefined;
  const per = answer ? text(`perBucket.${answer.bucket}`) : '';
  return (
    <section
      ref={place}
      aria-label={title}
      style={{
        padding: token.paddingSM,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div
        style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center', justifyContent: 'space-between', marginBottom: token.marginXS }}
      >
        <h4 style={{ margin: 0, fontSize: token.fontSizeLG, color: token.colorTextHeading, fontWeight: token.fontWeightStrong }}>{title}</h4>
        <div style={{ display: 'flex', gap: token.marginXS }}>
          <Segmented
            size="small"
            aria-label={text('viewLabel', { title })}
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            options={[
              { value: 'chart', label: text('views.chart') },
              { value: 'table', label: text('views.table') },
            ]}
          />
          <Button
            size="small"
            disabled={!answer}
            onClick={() => answer && downloadCsv(`${spec.name}-${answer.from}-${answer.to}.csv`, chartCsv(spec.series, answer.points))}
          >
            {text('csv')}
          </Button>
        </div>
      </div>
      {query.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
      {query.isError && (
        <Notice
          type="error"
          role="alert"
          showIcon
          message={query.error?.statusCode === 400 ? query.error.message : text('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {text('retry')}
            </Button>
          }
        />
      )}
      {answer && answer.total !== undefined && answer.averagePerBucket !== undefined && (
        <p style={{ margin: `0 0 ${token.marginXS}px`, color: token.colorTextSecondary }}>
          {text('valueSummary', { total: format.value('money', answer.total), per, average: format.value('money', answer.averagePerBucket) })}
        </p>
      )}
      {answer && view === 'chart' && (
        <ChartFigure
          spec={spec}
          points={answer.points}
          format={format}
          label={label}
          title={title}
          reference={answer.averagePerBucket}
          onOpen={linkOf ? (point) => void navigate(linkOf(point) as string) : undefined}
        />
      )}
      {answer && view === 'table' && (
        <ChartTable
          caption={text('caption', { title, from: format.day(answer.from), to: format.day(answer.to), per })}
          series={spec.series}
          points={answer.points}
          format={format}
          label={label}
          linkOf={linkOf}
          texts={{
            period: text('columns.period'),
            open: text('columns.open'),
            openShort: text('openShort'),
            openList: (period) => text('openList', { period }),
          }}
        />
      )}
    </section>
  );
}
