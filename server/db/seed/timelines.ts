// When records were submitted, so the volume seed's audit trail decides each one after it was
// submitted (the dashboard's time to a decision and verification backlog, decision 028), and how long
// staff take: hours for a decision, minutes for a first chat reply, a little faster as time goes on.
import type { Random } from './random';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** A decision picks among the few records submitted just before its wait says. */
const NEIGHBOURS = 12;

export class SubmissionTimeline {
  private readonly ids: Int32Array;
  private readonly times: Float64Array;

  /** `timeById[id]` is when record `id` was submitted; 0 when it was not. */
  constructor(timeById: Float64Array) {
    const ids = [];
    for (let id = 1; id < timeById.length; id += 1) if ((timeById[id] as number) > 0) ids.push(id);
    ids.sort((first, second) => (timeById[first] as number) - (timeById[second] as number));
    this.ids = Int32Array.from(ids);
    this.times = Float64Array.from(ids, (id) => timeById[id] as number);
  }

  /** A record submitted at or before `instant`, among the latest such; undefined when none was. */
  pickSubmittedBefore(random: Random, instant: number): number | undefined {
    let low = 0;
    let high = this.times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.times[middle] as number) <= instant) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return undefined;
    return this.ids[random.int(Math.max(0, low - NEIGHBOURS), low - 1)];
  }
}

/** Hours to a decision, skewed (median about a day, a long tail to a week), shorter by half over the period. */
export function decisionWaitMs(random: Random, progress: number): number {
  return (1 + 160 * random.next() ** 3) * (1.4 - 0.7 * progress) * HOUR_MS;
}

/** Minutes to a first staff reply: mostly within the hour, some after half a day. */
export function replyWaitMs(random: Random, progress: number): number {
  return (2 + 720 * random.next() ** 4) * (1.3 - 0.6 * progress) * MINUTE_MS;
}
