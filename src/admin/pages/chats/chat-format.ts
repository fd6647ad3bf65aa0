// How the chat screen writes times (the clock time for today, the date otherwise) and avatar initials.
import dayjs from 'dayjs';
import { formatDate, formatDateTime } from '../../../lib/format';

/** A conversation row's time: "3:04 PM" when it is today, else "Jan 5, 2025". */
export function formatConversationTime(value: string, now: Date = new Date()): string {
  const time = dayjs(value);
  if (!time.isValid()) return formatDate(value);
  return time.isSame(now, 'day') ? time.format('h:mm A') : formatDate(value);
}

/** A message's time: "3:04 PM" when it is today, else "Jan 5, 2025, 3:04 PM". */
export function formatMessageTime(value: string, now: Date = new Date()): string {
  const time = dayjs(value);
  if (!time.isValid()) return formatDateTime(value);
  return time.isSame(now, 'day') ? time.format('h:mm A') : formatDateTime(value);
}

/** The avatar letter of a name ("?" when there is none). */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
