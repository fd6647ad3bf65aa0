import { registerCatalogue } from './index';

// Every admin area keeps its texts in its own file (admin.json, admin-hosts.json, ...), so screens
// add texts without editing a shared catalogue; all of them load with the admin chunk, but for the
// dashboard's map and charts (admin-map.json, admin-charts.json), the step-up dialog
// (admin-step-up.json), the Guests, webhooks, refunds and account screens (admin-guests.json,
// admin-webhooks.json, admin-refunds.json, admin-account.json), records' notes (admin-notes.json) and
// Cases (admin-cases.json), which load with them (map-catalogue.ts, charts/trends.tsx,
// step-up-catalogue.ts, guests-, webhooks-, refunds-, account-, notes- and cases-catalogue.ts). Their sidebar labels are admin.json's.
const english = import.meta.glob<{ default: object }>(
  [
    './locales/en/admin*.json',
    '!./locales/en/admin-map.json',
    '!./locales/en/admin-charts.json',
    '!./locales/en/admin-step-up.json',
    '!./locales/en/admin-guests.json',
    '!./locales/en/admin-webhooks.json',
    '!./locales/en/admin-refunds.json',
    '!./locales/en/admin-account.json',
    '!./locales/en/admin-notes.json',
    '!./locales/en/admin-cases.json',
  ],
  {
    eager: true,
  },
);
const somali = import.meta.glob<{ default: object }>(
  [
    './locales/so/admin*.json',
    '!./locales/so/admin-map.json',
    '!./locales/so/admin-charts.json',
    '!./locales/so/admin-step-up.json',
    '!./locales/so/admin-guests.json',
    '!./locales/so/admin-webhooks.json',
    '!./locales/so/admin-refunds.json',
    '!./locales/so/admin-account.json',
    '!./locales/so/admin-notes.json',
    '!./locales/so/admin-cases.json',
  ],
  {
    eager: true,
  },
);

function merged(files: Record<string, { default: object }>): object {
  return Object.values(files).reduce<Record<string, unknown>>((all, file) => deepMerge(all, file.default as Record<string, unknown>), {});
}

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      existing && typeof existing === 'object' && value && typeof value === 'object'
        ? deepMerge({ ...(existing as Record<string, unknown>) }, value as Record<string, unknown>)
        : value;
  }
  return target;
}

/** Makes the admin texts available; the admin chunk calls it once, so the entry carries only the common texts. */
export function registerAdminCatalogue(): void {
  registerCatalogue({ en: merged(english), so: merged(somali) });
}
