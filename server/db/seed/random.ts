// A small seeded pseudo-random generator (mulberry32) so that every seed run produces the same rows.

const DAY_MS = 86_400_000;

/** Mixes integers into one 32-bit seed, so each entity can own an independent, reproducible stream. */
export function mixSeed(...keys: number[]): number {
  let hash = 0x811c9dc5;
  for (const key of keys) {
    hash = Math.imul(hash ^ (key >>> 0), 0x01000193);
    hash ^= hash >>> 15;
    hash = Math.imul(hash, 0x2c1b3c6d);
    hash ^= hash >>> 12;
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<Item>(items: readonly Item[]): Item {
    return items[Math.floor(this.next() * items.length)] as Item;
  }

  /** Picks a key of `weights` with probability proportional to its weight. */
  weighted<Key extends string>(weights: Readonly<Record<Key, number>>): Key {
    const entries = Object.entries(weights) as [Key, number][];
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let remaining = this.next() * total;
    for (const [key, weight] of entries) {
      remaining -= weight;
      if (remaining < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A date between `start` and `end`, to the second. */
  dateBetween(start: Date, end: Date): Date {
    const milliseconds = start.getTime() + this.next() * (end.getTime() - start.getTime());
    return new Date(Math.floor(milliseconds / 1000) * 1000);
  }

  /**
   * A date `minDays` to `maxDays` days before `reference`, more often recent than not (the density
   * falls linearly to nothing at `maxDays`): a marketplace that grows. One draw, as daysBefore.
   */
  recentDaysBefore(reference: Date, minDays: number, maxDays: number): Date {
    const days = minDays + (maxDays - minDays) * (1 - Math.sqrt(this.next()));
    return new Date(Math.floor((reference.getTime() - days * DAY_MS) / 1000) * 1000);
  }

  /** A date `minDays` to `maxDays` days before `reference`. */
  daysBefore(reference: Date, minDays: number, maxDays: number): Date {
    return this.dateBetween(addDays(reference, -maxDays), addDays(reference, -minDays));
  }
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The calendar date (UTC) as YYYY-MM-DD, the form of a SQL `date`. */
export function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}
