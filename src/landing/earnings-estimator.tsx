import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LandingSection } from './landing-section';
import { clampNights, DEFAULT_NIGHTS, estimateEarnings, formatUsd, MAX_NIGHTS, MIN_NIGHTS, NIGHTLY_RATE_USD } from './earnings';

/** A slider of whole nights; the total is spoken through aria-valuetext and shown in an <output>. */
export function EarningsEstimator() {
  const { t } = useTranslation();
  const [nights, setNights] = useState(DEFAULT_NIGHTS);
  const sliderId = useId();
  const total = formatUsd(estimateEarnings(nights));
  const percent = ((nights - MIN_NIGHTS) / (MAX_NIGHTS - MIN_NIGHTS)) * 100;
  return (
    <LandingSection name="estimator" panelClassName="estimator">
      <div className="estimator-row">
        <label htmlFor={sliderId}>{t('landing.estimator.nightsLabel')}</label>
        <span className="estimator-nights" aria-hidden="true">
          {t('landing.estimator.nights', { count: nights })}
        </span>
      </div>
      <input
        id={sliderId}
        className="estimator-slider"
        type="range"
        min={MIN_NIGHTS}
        max={MAX_NIGHTS}
        step={1}
        value={nights}
        aria-valuetext={t('landing.estimator.valueText', { count: nights, total })}
        style={{ '--progress': `${percent}%` } as CSSProperties}
        onChange={(event) => setNights(clampNights(Number(event.target.value)))}
      />
      <p className="estimator-rate">{t('landing.estimator.rate', { rate: formatUsd(NIGHTLY_RATE_USD) })}</p>
      <p className="estimator-total">
        <span id={`${sliderId}-total-label`}>{t('landing.estimator.totalLabel')}</span>
        <output htmlFor={sliderId} aria-labelledby={`${sliderId}-total-label`} data-testid="estimator-total">
          {total}
        </output>
      </p>
    </LandingSection>
  );
}
