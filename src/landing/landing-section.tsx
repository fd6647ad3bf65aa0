import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionImage } from './section-image';

interface LandingSectionProps {
  /** Names its texts, `landing.<name>.title`, `.intro` and `.imageAlt`, and its heading's id, `<name>-title`. */
  name: string;
  /** The anchor of a section the header and footer point to. */
  id?: string;
  /** On the tinted background. */
  isTinted?: boolean;
  /** The heading without an intro under it. */
  hasIntro?: boolean;
  /** A class the container adds (`narrow`). */
  containerClassName?: string;
  /** The box that holds the heading, the intro and the content (`estimator`, `subscribe-panel`, `form-panel`). */
  panelClassName?: string;
  /** The illustration beside the text: the section is then laid out in two columns. */
  image?: string;
  children: ReactNode;
}

/** A section of the landing page: a heading that names the region, an intro, the content and maybe an illustration. */
export function LandingSection(props: LandingSectionProps) {
  const { name, id, isTinted = false, hasIntro = true, containerClassName, panelClassName, image, children } = props;
  const { t } = useTranslation();
  const titleId = `${name}-title`;
  const text = (
    <>
      <h2 id={titleId}>{t(`landing.${name}.title`)}</h2>
      {hasIntro ? <p className="section-intro">{t(`landing.${name}.intro`)}</p> : null}
      {children}
    </>
  );
  const containerClasses = ['container', image ? 'split-layout' : undefined, containerClassName].filter(Boolean).join(' ');
  return (
    <section id={id} className={isTinted ? 'section section-tinted' : 'section'} aria-labelledby={titleId}>
      <div className={containerClasses}>
        {panelClassName || image ? <div className={panelClassName}>{text}</div> : text}
        {image ? <SectionImage src={image} alt={t(`landing.${name}.imageAlt`)} /> : null}
      </div>
    </section>
  );
}
