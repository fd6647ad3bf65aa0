import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';
import { SECTION_IDS } from './sections';

const FEATURES: readonly { key: string; icon: IconName }[] = [
  { key: 'chat', icon: 'chat' },
  { key: 'promoCodes', icon: 'ticket' },
  { key: 'payments', icon: 'card' },
  { key: 'instantBooking', icon: 'bolt' },
  { key: 'verifiedListings', icon: 'shieldCheck' },
  { key: 'reviews', icon: 'star' },
  { key: 'wishlist', icon: 'heart' },
];

/** The seven app features of SPEC.md. */
export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section id={SECTION_IDS.features} className="section section-tinted" aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title">{t('landing.features.title')}</h2>
        <p className="section-intro">{t('landing.features.intro')}</p>
        <ul className="card-grid card-grid-features">
          {FEATURES.map(({ key, icon }) => (
            <li key={key} className="card">
              <span className="card-icon">
                <Icon name={icon} />
              </span>
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p>{t(`landing.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
