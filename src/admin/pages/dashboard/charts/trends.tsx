// The dashboard's charts (docs/product.md §7, decision 028), loaded when they come into view so the
// back-office's first load carries no chart code: a range (the last 7, 30, 90 or 365 days, or picked days) and the
// charts of what the member's role may read, each with its table and CSV.
import { useTranslate } from '@refinedev/core';
import { Col, DatePicker, Row, Segmented, Space, theme } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PERMISSIONS, MAX_CHART_DAYS } from '../../../../contracts/dashboard-chart-names';
import { registerCatalogue } from '../../../../i18n';
import english from '../../../../i18n/locales/en/admin-charts.json';
import somali from '../../../../i18n/locales/so/admin-charts.json';
import { usePermission } from '../../../access';
import { ChartCard } from './chart-card';
import { chartFormat } from './chart-format';
import { PRESETS, pickedRange, presetRange, type ChartRange, type Preset } from './chart-range';
import { CHART_SPECS, type ChartSpec } from './chart-specs';

// The charts' texts come with the charts, not with the back-office's first download.
registerCatalogue({ en: english, so: somali });

function PermittedChart({ spec, range }: { spec: ChartSpec; range: ChartRange }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useMemo(() => chartFormat(language, (key, options) => translate(key, options ?? {})), [language, translate]);
  const isAllowed = usePermission('dashboard', CHART_PERMISSIONS[spec.name]);
  if (!isAllowed) return null;
  return (
    <Col xs={24} xl={12}>
      <ChartCard spec={spec} range={range} format={format} />
    </Col>
  );
}

export default function Trends() {
  const translate = useTranslate();
  const { token } = theme.useToken();
  const [preset, setPreset] = useState<Preset | 'custom'>('last30');
  const [range, setRange] = useState<ChartRange>(() => presetRange('last30'));
  const text = (key: string) => translate(`admin.charts.${key}`);
  return (
    <>
      <Space wrap style={{ marginBottom: token.marginSM }}>
        <Segmented
          aria-label={text('rangeLabel')}
          value={preset}
          onChange={(value) => {
            setPreset(value as Preset | 'custom');
            if (value !== 'custom') setRange(presetRange(value as Preset));
          }}
          options={[...PRESETS, 'custom' as const].map((key) => ({ value: key, label: text(`presets.${key}`) }))}
        />
        {preset === 'custom' && (
          <DatePicker.RangePicker
            aria-label={text('customRange')}
            placeholder={[text('rangeStart'), text('rangeEnd')]}
            value={[dayjs(range.from), dayjs(range.to)]}
            allowClear={false}
            disabledDate={(day, info) => Boolean(info.from && Math.abs(day.diff(info.from, 'day')) >= MAX_CHART_DAYS)}
            onChange={(days) => {
              if (days?.[0] && days[1]) setRange(pickedRange(days[0], days[1]));
            }}
          />
        )}
      </Space>
      <p style={{ margin: `0 0 ${token.marginXS}px`, color: token.colorTextSecondary }}>{text('clickHint')}</p>
      <Row gutter={[16, 16]}>
        {CHART_SPECS.map((spec) => (
          <PermittedChart key={spec.name} spec={spec} range={range} />
        ))}
      </Row>
    </>
  );
}
