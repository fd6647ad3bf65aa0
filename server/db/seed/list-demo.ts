// What a list's module gives the demo data set (docs/adding-a-resource.md, step 7): beside the source
// of its rows, an export `<camelName>Demo`, found by its name as the source is (server/lists.ts), that
// inserts the list's demo rows. `npm start` on an empty embedded database then shows the list filled.
import type { Transaction } from '../client';
import type { Random } from './random';

/** What the demo data set hands a list's demo: its present, its random numbers and its records. */
export interface DemoSeed {
  /** The demo's present: date the rows before it. */
  reference: Date;
  /** Seeded numbers of the list's own (by its name): the same rows at every start. */
  random: Random;
  /** The demo's guests, hosts and properties, for rows that name one. */
  guestIds: readonly number[];
  hostIds: readonly number[];
  propertyIds: readonly number[];
}

/** Inserts a list's demo rows, in the demo's transaction. */
export type ListDemo = (transaction: Transaction, seed: DemoSeed) => Promise<void>;

/** A number of a list's name, so that each list draws its own numbers whatever lists come before it. */
export function seedOfName(name: string): number {
  let hash = 2166136261;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return hash;
}
