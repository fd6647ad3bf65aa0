// A case's time left as words ("3 h 20 min left", "Overdue by 1 d 2 h"), and a clock that moves on each
// minute, so the words follow time passing without a read of the server.
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { secondsLeft } from '../../../contracts/cases';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration of whole minutes, the two largest units. */
export function formatDuration(t: TFunction, seconds: number): string {
  const total = Math.max(0, Math.floor(seconds / MINUTE) * MINUTE);
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  if (days > 0) return t('admin.cases.duration.days', { days, hours });
  if (hours > 0) return t('admin.cases.duration.hours', { hours, minutes });
  return t('admin.cases.duration.minutes', { minutes });
}

/** The time left until `dueAt` at `now`, or how long it is overdue. */
export function timeLeftText(t: TFunction, dueAt: string, now: Date): { text: string; isOverdue: boolean } {
  const left = secondsLeft(dueAt, now);
  return left > 0
    ? { text: t('admin.cases.left', { time: formatDuration(t, left) }), isOverdue: false }
    : { text: t('admin.cases.overdueBy', { time: formatDuration(t, -left) }), isOverdue: true };
}

/** The time now, moved on every `everyMs` (a minute). */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
