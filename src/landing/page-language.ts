// The landing page's language: a shareable `?lang=` address, the remembered choice, and the head tags search engines read.
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n';

const LANGUAGE_PARAMETER = 'lang';

export function readAddressLanguage(search: string): Language | null {
  const requested = new URLSearchParams(search).get(LANGUAGE_PARAMETER);
  return LANGUAGES.find((language) => language === requested) ?? null;
}

/** The absolute address that opens the page in a language; hreflang links must be fully qualified. */
function languageAddress(language: Language, origin = window.location.origin): string {
  return `${origin}/?${LANGUAGE_PARAMETER}=${language}`;
}

/** Runs before the first render, so a shared `/?lang=so` link never flashes English. */
export function applyAddressLanguage(): void {
  const requested = readAddressLanguage(window.location.search);
  if (requested && requested !== currentLanguage()) void changeLanguage(requested);
  document.documentElement.lang = currentLanguage();
}

/** Switches, remembers, and puts the choice in the address bar so the visitor can share it. */
export async function switchLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  const address = new URL(window.location.href);
  address.searchParams.set(LANGUAGE_PARAMETER, language);
  window.history.replaceState(window.history.state, '', `${address.pathname}${address.search}${address.hash}`);
}

function upsertHeadElement<Tag extends 'meta' | 'link'>(tag: Tag, selector: string, attributes: Record<string, string>): void {
  let element = document.head.querySelector<HTMLElementTagNameMap[Tag]>(selector);
  if (!element) {
    element = document.createElement(tag);
    document.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/** Title, description, Open Graph texts and hreflang alternates follow the shown language. */
export function updateDocumentHead(language: Language, title: string, description: string): void {
  document.title = title;
  upsertHeadElement('meta', 'meta[name="description"]', { name: 'description', content: description });
  upsertHeadElement('meta', 'meta[property="og:title"]', { property: 'og:title', content: title });
  upsertHeadElement('meta', 'meta[property="og:description"]', { property: 'og:description', content: description });
  upsertHeadElement('meta', 'meta[property="og:locale"]', { property: 'og:locale', content: language === 'so' ? 'so_SO' : 'en_US' });
  upsertHeadElement('meta', 'meta[property="og:url"]', { property: 'og:url', content: languageAddress(language) });
  // index.html can only name the picture by path; sharing previews want it absolute.
  upsertHeadElement('meta', 'meta[property="og:image"]', { property: 'og:image', content: `${window.location.origin}/og-image.png` });
  for (const alternate of LANGUAGES) {
    upsertHeadElement('link', `link[rel="alternate"][hreflang="${alternate}"]`, {
      rel: 'alternate',
      hreflang: alternate,
      href: languageAddress(alternate),
    });
  }
  upsertHeadElement('link', 'link[rel="alternate"][hreflang="x-default"]', {
    rel: 'alternate',
    hreflang: 'x-default',
    href: `${window.location.origin}/`,
  });
}
