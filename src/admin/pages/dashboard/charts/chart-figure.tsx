// One chart drawn with recharts (decision 028): bars (stacked where the spec says) and lines over the
// buckets, a second axis on the right for a series of another unit, a tooltip and a legend in the shown
// language. A click on a bucket opens its list; the table view offers the same as links for the keyboard.
import { theme } from 'antd';
import { useMemo, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { timeAxis } from './chart-axis';
import type { ChartFormat } from './chart-format';
import type { ChartSpec, SeriesSpec, ValueKind } from './chart-specs';

export type ChartPoint = { from: string; to: string } & Record<string, unknown>;

interface ChartFigureProps {
  spec: ChartSpec;
  points: readonly ChartPoint[];
  format: ChartFormat;
  label: (series: SeriesSpec) => string;
  title: string;
  /** A horizontal line across the chart on the left axis (the range's mean per bucket). */
  reference?: number;
  onOpen?: (point: ChartPoint) => void;
}

/** The legend: each drawn series' swatch (hidden from assistive technology) and its name. */
function SeriesLegend({
  series,
  label,
  colorOf,
}: {
  series: readonly SeriesSpec[];
  label: (series: SeriesSpec) => string;
  colorOf: (series: SeriesSpec) => string;
}) {
  const { token } = theme.useToken();
  return (
    <ul style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: token.marginSM, margin: 0, padding: 0, listStyle: 'none' }}>
      {series.map((one) => (
        <li key={one.key} style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS, fontSize: token.fontSizeSM }}>
          <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(one) }} />
          {label(one)}
        </li>
      ))}
    </ul>
  );
}

const TICK_FONT_SIZE = 12;
const axisWidth = (unit: string | undefined) => (unit ? 64 : 56);

/** A text's width in a font, measured as the browser will draw it; undefined where there is no canvas. */
function measureWith(font: string): ((text: string) => number) | undefined {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  context.font = font;
  return (text) => context.measureText(text).width;
}

export function ChartFigure({ spec, points, format, label, title, reference, onOpen }: ChartFigureProps) {
  const { token } = theme.useToken();
  const [chartWidth, setChartWidth] = useState(0);
  const drawn = spec.series.filter((series) => series.kind !== 'column');
  const axisValue = (axis: 'left' | 'right') => drawn.find((series) => (series.axis ?? 'left') === axis)?.value;
  const left = axisValue('left') ?? 'count';
  const right = axisValue('right');
  // The time axis labels only the days it has room for (chart-axis.ts), measured in the font the ticks
  // are drawn in, once the chart's width is known.
  const tickFont = token.fontFamily;
  const axis = useMemo(() => {
    const measure = chartWidth > 0 ? measureWith(`${TICK_FONT_SIZE}px ${tickFont}`) : undefined;
    if (!measure) return undefined;
    return timeAxis({
      buckets: points,
      labelWidth: (index) => measure(format.day((points[index] as ChartPoint).from)),
      chartWidth,
      leftOfPlot: axisWidth(format.unit(left)),
      rightAxisWidth: right ? axisWidth(format.unit(right)) : 0,
    });
  }, [chartWidth, tickFont, points, format, left, right]);
  const colorOf = (series: SeriesSpec) => token[series.color];
  const seriesOf = (name: unknown) => drawn.find((series) => label(series) === name);
  const axisValueOf = (series: SeriesSpec) => (point: ChartPoint) => format.toAxis(series.value, point[series.key]);
  /** An axis with its ticks in the shown language and, for durations, its unit named along it. */
  const axisOf = (side: 'left' | 'right', kind: ValueKind) => {
    const unit = format.unit(kind);
    return (
      <YAxis
        yAxisId={side}
        orientation={side}
        tickFormatter={(value: number) => format.tick(kind, value)}
        // Counts are whole: no tick at half a booking.
        allowDecimals={kind !== 'count'}
        tick={{ fill: token.colorTextSecondary, fontSize: TICK_FONT_SIZE }}
        width={axisWidth(unit)}
        label={
          unit
            ? {
                value: unit,
                angle: side === 'left' ? -90 : 90,
                position: side === 'left' ? 'insideLeft' : 'insideRight',
                fill: token.colorTextSecondary,
                fontSize: 12,
              }
            : undefined
        }
      />
    );
  };
  return (
    <ResponsiveContainer width="100%" height={280} onResize={(width) => setChartWidth(Math.round(width))}>
      <ComposedChart
        data={points as ChartPoint[]}
        title={title}
        margin={{ top: 8, right: axis?.rightMargin ?? 8, bottom: 0, left: 0 }}
        style={{ cursor: onOpen ? 'pointer' : undefined }}
        onClick={(state) => {
          const point = points[Number(state.activeTooltipIndex)];
          if (onOpen && point) onOpen(point);
        }}
      >
        <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
        {/* Bands for lines too, so every chart centres a bucket's label alike (chart-axis.ts); until the width is known, recharts chooses. */}
        <XAxis
          dataKey="from"
          scale="band"
          tickFormatter={(day: string) => format.day(day)}
          tick={{ fill: token.colorTextSecondary, fontSize: TICK_FONT_SIZE, fontFamily: tickFont }}
          {...(axis ? { ticks: axis.ticks, interval: 0 } : { minTickGap: 24 })}
        />
        {axisOf('left', left)}
        {right && axisOf('right', right)}
        <Tooltip
          labelFormatter={(_label, payload) => {
            const point = payload?.[0]?.payload as ChartPoint | undefined;
            return point ? format.period(point) : '';
          }}
          formatter={(value, name) => {
            const kind = seriesOf(name)?.value ?? 'count';
            return [format.value(kind, value === null || value === undefined ? null : format.fromAxis(kind, Number(value))), name];
          }}
        />
        {/* Our own legend: recharts names its swatches "<series> legend icon", in English whatever the language. */}
        <Legend content={<SeriesLegend series={drawn} label={label} colorOf={colorOf} />} />
        {reference !== undefined && <ReferenceLine yAxisId="left" y={reference} stroke={token.colorTextTertiary} strokeDasharray="4 4" />}
        {drawn.map((series) =>
          series.kind === 'bar' ? (
            <Bar
              key={series.key}
              dataKey={axisValueOf(series)}
              name={label(series)}
              yAxisId={series.axis ?? 'left'}
              stackId={series.stack}
              fill={colorOf(series)}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={series.key}
              dataKey={axisValueOf(series)}
              name={label(series)}
              yAxisId={series.axis ?? 'left'}
              stroke={colorOf(series)}
              strokeWidth={2}
              dot={points.length <= 60}
              connectNulls
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
