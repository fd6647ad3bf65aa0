// The page's anchors, shared by the header, the footer and the sections they point to.
export const SECTION_IDS = {
  home: 'home',
  features: 'features',
  register: 'register',
  faq: 'faq',
} as const;

export const NAVIGATION = [
  { id: SECTION_IDS.home, labelKey: 'landing.nav.home' },
  { id: SECTION_IDS.features, labelKey: 'landing.nav.features' },
  { id: SECTION_IDS.register, labelKey: 'landing.nav.register' },
  { id: SECTION_IDS.faq, labelKey: 'landing.nav.faq' },
] as const;

export const MAIN_CONTENT_ID = 'main-content';
