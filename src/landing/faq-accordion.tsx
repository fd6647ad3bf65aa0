import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { SECTION_IDS } from './sections';

export const FAQ_KEYS = ['whatIsHoy', 'becomeHost', 'hostingFee', 'payments', 'cancellations'] as const;

/** SPEC.md section 4: one open answer or none; opening another closes the first, a second click closes it. */
export function FaqAccordion() {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <section id={SECTION_IDS.faq} className="section section-tinted" aria-labelledby="faq-title">
      <div className="container narrow">
        <h2 id="faq-title">{t('landing.faq.title')}</h2>
        <div className="accordion">
          {FAQ_KEYS.map((key, index) => {
            const isOpen = openIndex === index;
            const buttonId = `${idPrefix}-question-${index}`;
            const panelId = `${idPrefix}-answer-${index}`;
            return (
              <div key={key} className={isOpen ? 'accordion-item is-open' : 'accordion-item'}>
                <h3 className="accordion-heading">
                  <button
                    id={buttonId}
                    type="button"
                    className="accordion-button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(isOpen ? null : index)}
                  >
                    <span>{t(`landing.faq.${key}.question`)}</span>
                    <Icon name="chevron" size={20} />
                  </button>
                </h3>
                <section id={panelId} aria-labelledby={buttonId} className="accordion-panel" hidden={!isOpen}>
                  <p>{t(`landing.faq.${key}.answer`)}</p>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
