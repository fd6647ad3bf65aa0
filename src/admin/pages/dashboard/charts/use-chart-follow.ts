// A dashboard chart follows the live stream (decision 028): it reads its call again when the stream
// reports a change to what it counts (CHART_LIVE_RESOURCES), at most once every CHART_REFETCH_MS,
// once after the stream comes back from a break, and only while its card is on screen and the tab is
// visible (what it owes meanwhile is read once it is shown again). The answer replaces the numbers in
// place: the card keeps its chart or table view and the focus, and says nothing aloud.
import { useEffect, useState, type RefObject } from 'react';
import { CHART_LIVE_RESOURCES, type ChartName } from '../../../../contracts/dashboard-chart-names';
import type { LiveAction } from '../../../../contracts/live';
import { useLiveRefetch } from '../../../live/use-live-refetch';
import type { ChartRange } from './chart-range';

/**
 * The least time between two reads of one chart: a chart is a costlier call than the counts (whose
 * interval is 1 s) and a day's bar that grows by one booking need not be drawn at once; at 5 s, 500
 * open dashboards under a marketplace that writes all the time ask each chart 100 times a second
 * (what that costs: decision 028, docs/benchmarks.md).
 */
export const CHART_REFETCH_MS = 5000;

/**
 * A row is created today (its day is its insert time), so a range that ends before today, or starts
 * after it, moves only when an existing row changes or goes: an old booking cancelled, the first staff
 * reply in an old conversation.
 */
export function actionsOf(range: ChartRange, now = Date.now()): readonly LiveAction[] {
  const today = new Date(now).toISOString().slice(0, 10);
  return range.from <= today && today <= range.to ? ['created', 'updated', 'deleted'] : ['updated', 'deleted'];
}

/** The tab is visible and `place` is within the screen (or the browser cannot tell). */
function useIsShown(place: RefObject<HTMLElement | null>): boolean {
  const [isVisible, setIsVisible] = useState(() => document.visibilityState !== 'hidden');
  const [isInView, setIsInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const onChange = () => setIsVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => setIsInView(entries.at(-1)?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [place]);
  return isVisible && isInView;
}

export function useChartFollow(name: ChartName, range: ChartRange, place: RefObject<HTMLElement | null>, refetch: () => void): void {
  const isShown = useIsShown(place);
  useLiveRefetch(CHART_LIVE_RESOURCES[name], refetch, { everyMs: CHART_REFETCH_MS, actions: actionsOf(range), isShown });
}
