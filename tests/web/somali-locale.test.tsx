import { act, render, screen } from '@testing-library/react';
import { Calendar, ConfigProvider, Empty, Pagination } from 'antd';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { antdSomali } from '../../src/admin/antd-locale-so';
import { antdLocaleFor, dayjsLocaleFor, followLanguage, useAntdLocale } from '../../src/admin/ui-locale';
import { changeLanguage, i18n } from '../../src/i18n';
import { formatDate, formatDateTime, formatMoney } from '../../src/lib/format';

const AUGUST_5 = '2025-08-05T15:04:00';

let stopFollowing: () => void;

beforeAll(() => {
  stopFollowing = followLanguage(i18n);
});

afterAll(() => stopFollowing());

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the Somali dayjs locale', () => {
  it('names months and weekdays in Somali', () => {
    const date = dayjs(AUGUST_5).locale('so');
    expect(date.format('MMM D, YYYY')).toBe('Ogo 5, 2025');
    expect(date.format('MMMM')).toBe('Ogost');
    expect(date.format('dddd ddd')).toBe('Talaado Tldo');
    expect(dayjs('2025-12-01').locale('so').format('MMMM MMM')).toBe('Desembar Des');
  });

  it('is registered without becoming the global locale', () => {
    expect(dayjs.locale()).toBe('en');
    expect(dayjsLocaleFor('so')).toBe('so');
    expect(dayjsLocaleFor('fr')).toBe('en');
  });
});

describe('dates and money follow the language', () => {
  it('formats dates with the Somali month after switching and back in English, money stays USD', async () => {
    expect(formatDate(AUGUST_5)).toBe('Aug 5, 2025');
    await act(() => changeLanguage('so'));
    expect(dayjs.locale()).toBe('so');
    expect(formatDate(AUGUST_5)).toBe('Ogo 5, 2025');
    expect(formatDateTime(AUGUST_5)).toBe('Ogo 5, 2025, 3:04 GD');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    await act(() => changeLanguage('en'));
    expect(formatDate(AUGUST_5)).toBe('Aug 5, 2025');
    expect(formatDateTime('2025-01-05T15:04:00')).toBe('Jan 5, 2025, 3:04 PM');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});

const firstWeekday = () => document.querySelector('.ant-picker-content thead th')?.textContent;
const emptyText = () => document.querySelector('.ant-empty-description')?.textContent;

function LocalisedWidgets() {
  return (
    <ConfigProvider locale={useAntdLocale()}>
      <Empty />
      <Pagination total={50} showSizeChanger />
      <Calendar fullscreen={false} value={dayjs(AUGUST_5)} />
    </ConfigProvider>
  );
}

describe('antd follows the language', () => {
  it('picks the antd locale for a language', () => {
    expect(antdLocaleFor('so')).toMatchObject({ locale: antdSomali.locale, global: antdSomali.global, Pagination: antdSomali.Pagination });
    expect(antdLocaleFor('en')).toMatchObject({ locale: enUS.locale, global: enUS.global, Pagination: enUS.Pagination });
    expect(antdLocaleFor(undefined)).toBe(antdLocaleFor('en'));
    // The calendar's month and year buttons are named by what they show ("Oct", "2025"), not "Choose a month".
    for (const language of ['en', 'so']) {
      expect(antdLocaleFor(language).DatePicker?.lang).not.toHaveProperty('monthSelect');
      expect(antdLocaleFor(language).DatePicker?.lang).not.toHaveProperty('yearSelect');
      expect(antdLocaleFor(language).DatePicker?.lang.today).toBe((language === 'so' ? antdSomali : enUS).DatePicker?.lang.today);
    }
  });

  it('switches the built-in texts of Empty, Pagination and Calendar', async () => {
    render(<LocalisedWidgets />);
    expect(emptyText()).toBe('No data');
    expect(screen.getByTitle('Previous Page')).toBeInTheDocument();
    expect(screen.getByText('10 / page')).toBeInTheDocument();
    expect(screen.getByText('Aug')).toBeInTheDocument();
    expect(firstWeekday()).toBe('Su');

    await act(() => changeLanguage('so'));
    expect(emptyText()).toBe('Xog ma jirto');
    expect(screen.getByTitle('Bogga hore')).toBeInTheDocument();
    expect(screen.getByText('10 / bog')).toBeInTheDocument();
    expect(screen.getByText('Ogo')).toBeInTheDocument();
    // The Somali week opens on Saturday.
    expect(firstWeekday()).toBe('Sa');
  });
});

/** Every string leaf of a locale section with its path, skipping format patterns, codes and empty titles. */
function wordLeaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') {
    const isPattern = /(Format|locale)$/.test(path) || value === '';
    return isPattern ? [] : [[path, value]];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => wordLeaves(child, path ? `${path}.${key}` : key));
  }
  return [];
}

function leafAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

describe('the Somali antd locale', () => {
  const sections = [
    'Pagination',
    'DatePicker',
    'TimePicker',
    'Calendar',
    'global',
    'Table',
    'Modal',
    'Popconfirm',
    'Transfer',
    'Upload',
    'Empty',
    'Text',
    'Form',
  ] as const;

  it.each(sections)('leaves no English text in %s', (section) => {
    const leaves = wordLeaves(antdSomali[section], section);
    expect(leaves.length).toBeGreaterThan(0);
    const english = leaves.filter(([path, text]) => leafAt(enUS, path) === text);
    expect(english).toEqual([]);
  });

  it('words the validation messages and picker texts in Somali', () => {
    const messages = antdSomali.Form?.defaultValidateMessages;
    expect(messages?.required).toBe('Fadlan geli ${label}');
    expect(messages?.types?.email).toBe('${label} ma aha ${type} sax ah');
    expect(messages?.string?.max).toBe('${label} waa inuu ahaadaa ugu badnaan ${max} xaraf');
    expect(antdSomali.DatePicker?.lang).toMatchObject({ today: 'Maanta', now: 'Hadda', ok: 'Haye', locale: 'so_SO' });
    expect(antdSomali.Select?.notFoundContent).toBe('Lama helin');
  });
});
