// A detail or review screen says so when someone else changes or decides its record: a change on
// the live stream for the shown record reads the record (and its history) again, and the screen
// shows who did what, from the history's newest entry ("Amina approved this listing a moment ago"),
// or that someone else changed it when the history does not tell. The tab's own changes
// (own-changes.ts) are read again without a word. The notice is polite (role="status"): it never
// takes the focus. Loaded with the detail screens, never with the shell.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '../../contracts/audit';
import { registerLiveCatalogue } from '../../i18n/live-catalogue';
import { serverNow } from '../../lib/server-clock';
import { useAuditHistory } from '../components/audit-history';
import { isOwnChange } from './own-changes';
import { idsOf, resourceChannel, useLiveEvents } from './use-live-events';
import { Notice } from '../components/notice';

registerLiveCatalogue();

/** The records a screen watches: the audit history's entity type, the own-change mark, the notice's words. */
type WatchedRecord = 'listing' | 'host';

interface RecordChangesOptions {
  entityType: WatchedRecord;
  /** As the screen's History card reads it (the same query serves both). */
  entityId: number | string;
  /** The stream's resources that name this record by its id (a property: `listings`, `property-approvals`). */
  resources: readonly string[];
  /** Reads the record again (its status, so the buttons follow). */
  reload: () => void;
}

type ShownChange = { key: number; event?: AuditEvent };

/**
 * A history entry this recent tells who made a change even when the screen had already read it: a
 * history read that left before the change but was answered after it holds the change before the
 * stream brings it (on a loaded server, seen in the journeys). Measured on the server's clock, which
 * wrote the entry's time, not on this browser's.
 */
const RECENT_ENTRY_MS = 30_000;

/** The words of a notice: who did what from the history entry, or "changed by someone else". */
function useNoticeText() {
  const { t } = useTranslation();
  return (entityType: WatchedRecord, event?: AuditEvent): string => {
    const who = event?.administratorName ?? event?.administratorEmail;
    const changed = `live.record.changed.${entityType}`;
    return event && who ? t([`live.record.${event.action}`, changed], { who }) : t(changed);
  };
}

/** Follows the shown record on the live stream; answers the notice to draw (an empty polite region until a change). */
export function useRecordChanges({ entityType, entityId, resources, reload }: RecordChangesOptions): ReactNode {
  const { query, events } = useAuditHistory({ entityType, entityId });
  const noticeText = useNoticeText();
  const { t } = useTranslation();
  const [notice, setNotice] = useState<ShownChange | undefined>(undefined);
  const latest = useRef({ newestId: events[0]?.id, reload, readHistory: query.refetch });
  useEffect(() => {
    latest.current = { newestId: events[0]?.id, reload, readHistory: query.refetch };
  });
  const isScheduled = useRef(false);

  const topics = resources.map((name) => ({ channel: resourceChannel(name), types: ['created', 'updated', 'deleted'] }));
  useLiveEvents(topics, (event) => {
    if (isScheduled.current || !idsOf(event).includes(String(entityId))) return;
    // One message may name the record on several channels (a property is a listing and an approval): one read.
    isScheduled.current = true;
    queueMicrotask(() => {
      isScheduled.current = false;
      const { newestId, reload: readRecord, readHistory } = latest.current;
      const isOwn = isOwnChange(entityType, entityId);
      readRecord();
      // A read already on its way may have left before this change: it is replaced, so the answer holds it.
      void readHistory().then((answer) => {
        if (isOwn) return;
        const history = answer.data?.data;
        const newest = Array.isArray(history) ? history[0] : undefined;
        // An entry the screen had not seen, or one made a moment ago, tells who made this change.
        const tellsWho = newest !== undefined && (newest.id !== newestId || serverNow() - Date.parse(newest.createdAt) < RECENT_ENTRY_MS);
        setNotice((shown) => ({ key: (shown?.key ?? 0) + 1, event: tellsWho ? newest : undefined }));
      });
    });
  });

  return (
    // An <output> is a polite status region (role="status"), present before any notice so it is announced.
    <output aria-label={t('live.record.region')} style={{ display: 'block' }}>
      {notice ? (
        <Notice
          key={notice.key}
          type="warning"
          showIcon
          role="none"
          message={noticeText(entityType, notice.event)}
          closable
          afterClose={() => setNotice(undefined)}
        />
      ) : null}
    </output>
  );
}
