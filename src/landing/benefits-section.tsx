import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';
import { SectionImage } from './section-image';

const BENEFITS: readonly { key: string; icon: IconName }[] = [
  { key: 'reviewBookings', icon: 'calendarCheck' },
  { key: 'onlineTransactions', icon: 'wallet' },
  { key: 'listProperties', icon: 'housePlus' },
  { key: 'manageProperties', icon: 'sliders' },
];

/** The four host benefits of SPEC.md. */
export function BenefitsSection() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="benefits-title">
      <div className="container split-layout">
        <div>
          <h2 id="benefits-title">{t('landing.benefits.title')}</h2>
          <p className="section-intro">{t('landing.benefits.intro')}</p>
          <ul className="card-grid card-grid-two">
            {BENEFITS.map(({ key, icon }) => (
              <li key={key} className="card">
                <span className="card-icon">
                  <Icon name={icon} />
                </span>
                <h3>{t(`landing.benefits.${key}.title`)}</h3>
                <p>{t(`landing.benefits.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
        <SectionImage src="/landing/host-welcome.svg" alt={t('landing.benefits.imageAlt')} />
      </div>
    </section>
  );
}
