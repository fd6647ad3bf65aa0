import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from './disclosure-button';
import { Icon } from './icons';
import { LandingSection } from './landing-section';
import { SECTION_IDS } from './sections';

const FAQ_KEYS = ['whatIsHoy', 'becomeHost', 'hostingFee', 'payments', 'cancellations'] as const;

/** docs/product.md §3: one open answer or none; opening another closes the first, a second click closes it. */
export function FaqAccordion() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <LandingSection name="faq" id={SECTION_IDS.faq} isTinted hasIntro={false} containerClassName="narrow">
      <div className="accordion">
        {FAQ_KEYS.map((key, index) => {
          const isOpen = openIndex === index;
          const buttonId = `${idPrefix}-question-${index}`;
          const panelId = `${idPrefix}-answer-${index}`;
          return (
            <div key={key} className={isOpen ? 'accordion-item is-open' : 'accordion-item'}>
              <h3 className="accordion-heading">
                <DisclosureButton
                  id={buttonId}
                  className="accordion-button"
                  isOpen={isOpen}
                  controls={panelId}
                  onToggle={() => setOpenIndex(isOpen ? null : index)}
                >
                  <span>{t(`landing.faq.${key}.question`)}</span>
                  <Icon name="chevron" size={20} />
                </DisclosureButton>
              </h3>
              <section id={panelId} aria-labelledby={buttonId} className="accordion-panel" hidden={!isOpen}>
                <p>{t(`landing.faq.${key}.answer`)}</p>
              </section>
            </div>
          );
        })}
      </div>
    </LandingSection>
  );
}
