import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** How a status reads at a glance; each screen maps its own vocabulary onto these. */
type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

// Dark text on pale fills: antd's preset tag colours fall under WCAG AA's 4.5:1 (gold is about 2.9:1).
const TONE_STYLES: Record<StatusTone, { color: string; background: string; border: string }> = {
  success: { color: '#135200', background: '#f6ffed', border: '#95de64' },
  warning: { color: '#612500', background: '#fff7e6', border: '#ffc069' },
  error: { color: '#820014', background: '#fff1f0', border: '#ff7875' },
  info: { color: '#002c8c', background: '#e6f4ff', border: '#69b1ff' },
  neutral: { color: '#262626', background: '#fafafa', border: '#bfbfbf' },
};

const TONE_BY_WORD: Record<string, StatusTone> = {
  approved: 'success',
  confirmed: 'success',
  completed: 'success',
  active: 'success',
  pending: 'warning',
  'pending for verification': 'info',
  declined: 'error',
  rejected: 'error',
  cancelled: 'error',
  inactive: 'neutral',
};

/** The tone of a status word from any screen (hosts, listings, properties, bookings, promos), case-insensitive. */
export function toneOfStatus(status: string | null | undefined): StatusTone {
  return (
    TONE_BY_WORD[
      String(status ?? '')
        .trim()
        .toLowerCase()
    ] ?? 'neutral'
  );
}

interface StatusBadgeProps {
  /** The stored status; picks the tone unless `tone` is given. */
  status: string | null | undefined;
  /** The translated text shown; defaults to the status itself (unknown values show as they are, docs/product.md §19). */
  children?: ReactNode;
  tone?: StatusTone;
}

/** A status tag readable in every tone; shared by the admin lists and detail screens. */
export function StatusBadge({ status, children, tone }: StatusBadgeProps) {
  const style = TONE_STYLES[tone ?? toneOfStatus(status)];
  return (
    <Tag bordered style={{ color: style.color, background: style.background, borderColor: style.border, marginInlineEnd: 0 }}>
      {children ?? status}
    </Tag>
  );
}

/** Whether something is switched on (a member's second factor): green when on, grey when off, in the screen's words. */
export function OnOffBadge({ isOn, on, off }: { isOn: boolean; on: ReactNode; off: ReactNode }) {
  return isOn ? (
    <StatusBadge status="on" tone="success">
      {on}
    </StatusBadge>
  ) : (
    <StatusBadge status="off" tone="neutral">
      {off}
    </StatusBadge>
  );
}
