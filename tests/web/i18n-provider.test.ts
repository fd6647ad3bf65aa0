import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../src/i18n';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';
import { createI18nProvider } from '../../src/admin/providers/i18n-provider';

registerAdminCatalogue();

afterEach(async () => {
  await changeLanguage('en');
});

describe('Refine i18n provider', () => {
  const provider = createI18nProvider(i18n, { 'hosts.hosts': 'admin.nav.hosts' });

  it('translates catalogue keys and interpolates values', () => {
    expect(provider.translate('admin.dashboard.title')).toBe('Dashboard');
    expect(provider.translate('admin.login.title', { appName: 'Hoy' })).toBe('Sign in to Hoy');
  });

  it("finds Refine's own keys under admin.framework and aliases under their catalogue key", async () => {
    expect(provider.translate('buttons.logout', 'Logout')).toBe('Logout');
    expect(provider.translate('notifications.editSuccess', { resource: 'Host' })).toBe('Successfully edited Host');
    expect(provider.translate('hosts.hosts', 'Host')).toBe('Hosts');
    await provider.changeLocale('so');
    expect(provider.getLocale()).toBe('so');
    expect(provider.translate('buttons.logout', 'Logout')).toBe('Ka bax');
    expect(provider.translate('hosts.hosts', 'Host')).toBe('Martigeliyayaasha');
  });

  it("falls back to Refine's default message, then to the key", () => {
    expect(provider.translate('pages.unknown.thing', 'Default text')).toBe('Default text');
    expect(provider.translate('pages.unknown.thing', {}, 'Other default')).toBe('Other default');
    expect(provider.translate('pages.unknown.thing')).toBe('pages.unknown.thing');
  });
});
