import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { registerLandingCatalogue } from '../i18n/landing-catalogue';
import { BenefitsSection, FeaturesSection } from './card-sections';
import { EarningsEstimator } from './earnings-estimator';
import { FaqAccordion } from './faq-accordion';
import { HeroSection } from './hero-section';
import { HostRegistrationForm } from './host-registration-form';
import { applyAddressLanguage, updateDocumentHead } from './page-language';
import { MAIN_CONTENT_ID } from './sections';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SubscriptionForm } from './subscription-form';
// oxlint-disable-next-line import/no-unassigned-import -- the page's own stylesheet, split into the landing chunk's CSS
import './landing.css';

registerLandingCatalogue();
applyAddressLanguage();

/** The public face for visitors without a session; it must stay free of Refine, Ant Design and axios. */
export default function LandingPage() {
  const { t } = useTranslation();
  const language = currentLanguage();

  useEffect(() => {
    updateDocumentHead(language, t('landing.meta.title'), t('landing.meta.description'));
  }, [language, t]);

  return (
    <div className="landing">
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <HeroSection />
        <BenefitsSection />
        <FeaturesSection />
        <EarningsEstimator />
        <HostRegistrationForm />
        <SubscriptionForm />
        <FaqAccordion />
      </main>
      <SiteFooter />
    </div>
  );
}
