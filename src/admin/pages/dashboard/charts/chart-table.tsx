// A chart's numbers as a table, for screen readers and for copying: one row per bucket, one column
// per series (the ones only the table shows included), and a link to the bucket's list where it has one.
import { theme } from 'antd';
import { Link } from 'react-router';
import type { ChartFormat } from './chart-format';
import type { ChartPoint } from './chart-figure';
import type { SeriesSpec } from './chart-specs';

interface ChartTableProps {
  caption: string;
  series: readonly SeriesSpec[];
  points: readonly ChartPoint[];
  format: ChartFormat;
  label: (series: SeriesSpec) => string;
  texts: { period: string; open: string; openShort: string; openList: (period: string) => string };
  linkOf?: (point: ChartPoint) => string | undefined;
}

export function ChartTable({ caption, series, points, format, label, texts, linkOf }: ChartTableProps) {
  const { token } = theme.useToken();
  const cell = { padding: `${token.paddingXXS}px ${token.paddingXS}px`, borderBottom: `1px solid ${token.colorBorderSecondary}` };
  const numeric = { ...cell, textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };
  return (
    // A box that scrolls sideways when the columns need more than the chart's width (a year by week at
    // 1,280 px: 513 px of columns in 482). It takes the keyboard's focus itself, so its numbers are in
    // reach of the arrow keys even where it holds no link (axe's scrollable-region-focusable); a group,
    // not a region, named by the table's caption.
    // A group (no fieldset: it holds no form controls) that takes focus to scroll, as the chat's log does.
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role, jsx-a11y/no-noninteractive-tabindex
    <div role="group" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: token.fontSizeSM }}>
        <caption style={{ textAlign: 'left', color: token.colorTextSecondary, paddingBottom: token.paddingXXS }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'left' }}>
              {texts.period}
            </th>
            {series.map((entry) => (
              <th key={entry.key} scope="col" style={{ ...numeric, textAlign: 'right' }}>
                {label(entry)}
              </th>
            ))}
            {linkOf && (
              <th scope="col" style={cell}>
                {texts.open}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => {
            const period = format.period(point);
            const link = linkOf?.(point);
            return (
              <tr key={point.from}>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>
                  {period}
                </th>
                {series.map((entry) => (
                  <td key={entry.key} style={numeric}>
                    {format.value(entry.value, point[entry.key] as number | null)}
                  </td>
                ))}
                {/* The row names its period: the link shows a word, and its name begins with that word and names the period (a year of weeks kept the whole sentence in a column too narrow for it, over the next chart). */}
                {linkOf && (
                  <td style={cell}>
                    {link && (
                      <Link to={link} aria-label={texts.openList(period)}>
                        {texts.openShort}
                      </Link>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
