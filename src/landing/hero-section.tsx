import { useTranslation } from 'react-i18next';
import { HeroIllustration } from './hero-illustration';
import { SECTION_IDS } from './sections';
import { StoreLinks } from './store-links';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section id={SECTION_IDS.home} className="hero" aria-labelledby="hero-title">
      <div className="container hero-layout">
        <div className="hero-copy">
          <h1 id="hero-title">{t('landing.hero.title')}</h1>
          <p className="lead">{t('landing.hero.pitch')}</p>
          <StoreLinks />
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
