import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, registerCatalogue } from '../../src/i18n';
import english from '../../src/i18n/locales/en/admin-charts.json';
import somali from '../../src/i18n/locales/so/admin-charts.json';
import { chartFormat } from '../../src/admin/pages/dashboard/charts/chart-format';

// The charts' texts, as the charts' chunk registers them.
registerCatalogue({ en: english, so: somali });

const formatIn = async (language: 'en' | 'so') => {
  await changeLanguage(language);
  return chartFormat(language, (key, options) => i18n.t(key, options ?? {}));
};

describe('chart axes of durations', () => {
  it('draw hours and minutes rather than seconds, so the ticks are round numbers of the unit the axis names', async () => {
    const format = await formatIn('en');
    // A median wait of 3 days and a first reply after 90 s, as the charts' answers give them.
    expect(format.toAxis('hours', 259_200)).toBe(72);
    expect(format.toAxis('minutes', 90)).toBe(1.5);
    expect(format.tick('hours', 72)).toBe('72');
    expect(format.unit('hours')).toBe('Hours');
    expect(format.unit('minutes')).toBe('Minutes');
    // The tooltip reads the drawn value back in seconds: the same text as the table's.
    expect(format.value('hours', format.fromAxis('hours', 72))).toBe(format.value('hours', 259_200));
    expect(format.value('minutes', format.fromAxis('minutes', 1.5))).toBe('1.5 min');
  });

  it('leave a missing duration missing, and every other kind as it comes, without a unit', async () => {
    const format = await formatIn('en');
    expect(format.toAxis('hours', null)).toBeNull();
    expect(format.toAxis('minutes', undefined)).toBeNull();
    expect(format.toAxis('count', 1200)).toBe(1200);
    expect(format.toAxis('money', '85.5')).toBe(85.5);
    expect(format.fromAxis('share', 0.25)).toBe(0.25);
    expect(format.unit('count')).toBeUndefined();
    expect(format.unit('share')).toBeUndefined();
    expect(format.tick('count', 2400)).toBe('2.4K');
  });

  it('name their unit in Somali', async () => {
    const format = await formatIn('so');
    expect(format.unit('hours')).toBe('Saacadood');
    expect(format.unit('minutes')).toBe('Daqiiqado');
    await changeLanguage('en');
  });
});
