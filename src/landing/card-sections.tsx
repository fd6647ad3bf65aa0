// The two card sections of the landing page: the host benefits and the app features.
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';
import { LandingSection } from './landing-section';
import { SECTION_IDS } from './sections';

type LandingCard = { key: string; icon: IconName };

/** A grid of cards, each an icon with a title and a text: `landing.<name>.<key>.title` and `.text`. */
function CardGrid({ name, cards, className }: { name: string; cards: readonly LandingCard[]; className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`card-grid ${className}`}>
      {cards.map(({ key, icon }) => (
        <li key={key} className="card">
          <span className="card-icon">
            <Icon name={icon} />
          </span>
          <h3>{t(`landing.${name}.${key}.title`)}</h3>
          <p>{t(`landing.${name}.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

const BENEFITS: readonly LandingCard[] = [
  { key: 'reviewBookings', icon: 'calendarCheck' },
  { key: 'onlineTransactions', icon: 'wallet' },
  { key: 'listProperties', icon: 'housePlus' },
  { key: 'manageProperties', icon: 'sliders' },
];

const FEATURES: readonly LandingCard[] = [
  { key: 'chat', icon: 'chat' },
  { key: 'promoCodes', icon: 'ticket' },
  { key: 'payments', icon: 'card' },
  { key: 'instantBooking', icon: 'bolt' },
  { key: 'verifiedListings', icon: 'shieldCheck' },
  { key: 'reviews', icon: 'star' },
  { key: 'wishlist', icon: 'heart' },
];

/** The four host benefits (docs/product.md §3). */
export function BenefitsSection() {
  return (
    <LandingSection name="benefits" image="/landing/host-welcome.svg">
      <CardGrid name="benefits" cards={BENEFITS} className="card-grid-two" />
    </LandingSection>
  );
}

/** The seven app features (docs/product.md §3). */
export function FeaturesSection() {
  return (
    <LandingSection name="features" id={SECTION_IDS.features} isTinted>
      <CardGrid name="features" cards={FEATURES} className="card-grid-features" />
    </LandingSection>
  );
}
