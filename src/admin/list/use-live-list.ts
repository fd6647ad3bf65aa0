// How every list screen follows the live stream (src/admin/live/): Refine subscribes the list's
// query to its resource's channel in "manual" mode, and this hook decides what each change does.
// - At the top (first page, default order, no search or filter): new rows come in as they arrive
//   (the page is read again) and are highlighted for a moment.
// - Deeper, sorted, searched or filtered: nothing moves under the reader; "N new — Show" counts them.
//   Show opens the first page (the search, filters and sort kept), where a newest-first list has
//   them, and says so in the live region.
// - A change to a row on the page reads the page again in place; any change reloads the count cards.
// One message's changes read the page once (they arrive together, handled in one microtask).
import type { BaseKey, LiveEvent, LiveModeProps } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerLiveCatalogue } from '../../i18n/live-catalogue';
import { useLive, type LiveHub } from '../live/live-hub';

registerLiveCatalogue();

/** How long a new row stays highlighted (the CSS fades it over the same time). */
const HIGHLIGHT_MS = 4000;

/** The list as shown now: the hook reads it when a change arrives. */
interface LiveListView {
  /** First page, default order, no search or filter: new rows may come in at the top. */
  isAtTop: boolean;
  /** The ids of the rows shown. */
  shownIds: readonly BaseKey[];
  /** Reads the shown rows again, with their total. */
  reload: () => void;
  /** Opens the first page in the same search, filters and sort (reads it again when it is shown). */
  showFirstPage: () => void;
  /** The i18n key of the list's title, for the announcement ("Bookings: 2 new"). */
  titleKey: string;
  /** The page, order, search and filters: when they change the rows are read afresh and nothing is left unseen. */
  key: string;
}

interface Batch {
  isReloading: boolean;
  fresh: string[];
  unseen: number;
  created: number;
}

const EMPTY_BATCH: Batch = { isReloading: false, fresh: [], unseen: 0, created: 0 };

/**
 * The live side of a list screen. `liveProps` go to the list's query; `follow` is told the list as
 * shown at each render. Answers the rows to highlight, the count of new rows not shown, and how
 * many times the list changed (the count cards reload on it).
 */
export function useLiveList() {
  const { hub } = useLive();
  const { t } = useTranslation();
  const [unseen, setUnseen] = useState(0);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(() => new Set());
  const [changeCount, setChangeCount] = useState(0);
  const view = useRef<LiveListView | undefined>(undefined);
  const context = useRef<{ hub?: LiveHub; t: typeof t }>({ hub, t });
  const batch = useRef<Batch | undefined>(undefined);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    context.current = { hub, t };
  });
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  function flush() {
    const done = batch.current ?? EMPTY_BATCH;
    batch.current = undefined;
    const current = view.current;
    if (!current) return;
    if (done.isReloading) current.reload();
    if (done.fresh.length > 0) {
      setFreshIds((shown) => new Set([...shown, ...done.fresh]));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setFreshIds((shown) => new Set([...shown].filter((id) => !done.fresh.includes(id))));
      }, HIGHLIGHT_MS);
      timers.current.add(timer);
    }
    if (done.unseen > 0) setUnseen((count) => count + done.unseen);
    if (done.created > 0)
      context.current.hub?.announce(context.current.t('live.list.announceNew', { list: context.current.t(current.titleKey), count: done.created }));
    setChangeCount((count) => count + 1);
  }

  // Refine keeps the first callback it is given: it reads the list through refs.
  const [liveProps] = useState<LiveModeProps>(() => ({
    liveMode: 'manual',
    onLiveEvent: (event: LiveEvent) => {
      const current = view.current;
      if (!current) return;
      if (!batch.current) {
        batch.current = { ...EMPTY_BATCH, fresh: [] };
        queueMicrotask(flush);
      }
      const next = batch.current;
      const ids = (event.payload.ids ?? []).map(String);
      if (event.type === 'created') {
        next.created += ids.length;
        if (current.isAtTop) {
          next.isReloading = true;
          next.fresh.push(...ids);
        } else {
          next.unseen += ids.length;
        }
      } else if (event.type === 'resync' || current.shownIds.some((id) => ids.includes(String(id)))) {
        next.isReloading = true;
      }
    },
  }));

  return {
    liveProps,
    /** Tells the hook the list as shown now (after each render). */
    follow: (shown: LiveListView) => {
      if (view.current && view.current.key !== shown.key) setUnseen(0);
      view.current = shown;
    },
    freshIds,
    /** New rows that arrived while the list could not show them without moving rows. */
    unseen,
    /** Opens the first page, where the new rows are, forgets them, and says so to a screen reader. */
    showUnseen: () => {
      const current = view.current;
      setUnseen(0);
      if (!current) return;
      current.showFirstPage();
      hub?.announce(t('live.list.shown', { list: t(current.titleKey), count: unseen }));
    },
    changeCount,
  };
}
