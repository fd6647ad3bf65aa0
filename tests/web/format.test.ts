import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeToSecond, formatMoney, relativeTimeBucket } from '../../src/lib/format';

describe('formatDate', () => {
  it('formats a date as "Jan 5, 2025"', () => {
    expect(formatDate('2025-01-05T10:00:00')).toBe('Jan 5, 2025');
    expect(formatDate(new Date(2024, 11, 31, 12))).toBe('Dec 31, 2024');
  });

  it('shows "N/A" for a missing date and "Invalid Date" for an unreadable one', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it('uses the fallback texts a caller passes', () => {
    expect(formatDate(null, { missing: 'Ma jiro' })).toBe('Ma jiro');
    expect(formatDate('nope', { invalid: 'Taariikh khaldan' })).toBe('Taariikh khaldan');
  });
});

describe('formatDateTime', () => {
  it('formats a date with its time', () => {
    expect(formatDateTime('2025-01-05T15:04:00')).toBe('Jan 5, 2025, 3:04 PM');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('garbage')).toBe('Invalid Date');
  });
});

describe('formatDateTimeToSecond', () => {
  it('formats a date with its time to the second, for attempts seconds apart', () => {
    expect(formatDateTimeToSecond('2025-01-05T15:04:07')).toBe('Jan 5, 2025, 3:04:07 PM');
    expect(formatDateTimeToSecond(null, { missing: '—' })).toBe('—');
    expect(formatDateTimeToSecond('garbage')).toBe('Invalid Date');
  });
});

describe('formatMoney', () => {
  it('formats dollars with separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('99.9')).toBe('$99.90');
  });

  it('shows "N/A" when the amount is missing or not a number', () => {
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
    expect(formatMoney('abc')).toBe('N/A');
    expect(formatMoney(Number.NaN)).toBe('N/A');
  });
});

describe('relativeTimeBucket', () => {
  const now = new Date('2025-06-30T12:00:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it('puts anything within a day in the "1 day" bucket', () => {
    expect(relativeTimeBucket(daysBefore(0.1), now)).toEqual({ count: 1, unit: 'day' });
    expect(relativeTimeBucket(daysBefore(1), now)).toEqual({ count: 1, unit: 'day' });
  });

  it('counts days under 7, weeks under 30 days, months under 365 days, then years', () => {
    const buckets = [2, 6, 7, 29, 30, 364, 365, 800].map((days) => relativeTimeBucket(daysBefore(days), now));
    expect(buckets).toEqual([
      { count: 2, unit: 'day' },
      { count: 6, unit: 'day' },
      { count: 1, unit: 'week' },
      { count: 4, unit: 'week' },
      { count: 1, unit: 'month' },
      { count: 12, unit: 'month' },
      { count: 1, unit: 'year' },
      { count: 2, unit: 'year' },
    ]);
  });

  it('answers nothing for a missing or unreadable date', () => {
    expect(relativeTimeBucket(daysBefore(15), now)).toEqual({ count: 2, unit: 'week' });
    expect(relativeTimeBucket(null, now)).toBeNull();
    expect(relativeTimeBucket('bad', now)).toBeNull();
  });
});
