// The changes this tab makes itself: a screen that says "someone else changed this record" must not
// say it of the tab's own decision, whose change comes back over the live stream like any other.
// The same member in another tab, or through the API, is someone else here. A mark lasts a moment.

/** How long after its request a mark still claims the record's changes. */
export const OWN_CHANGE_MS = 10_000;

const marks = new Map<string, number>();

const keyOf = (entityType: string, id: number | string) => `${entityType}/${id}`;

/** This tab is changing the record now (call it when the request leaves, and again when it is answered). */
export function markOwnChange(entityType: string, id: number | string, now = Date.now()): void {
  marks.set(keyOf(entityType, id), now);
}

/** This tab is changing these records now: a batch's rows, or an undo's. */
export function markOwnChanges(entityType: string, ids: readonly (number | string)[], now = Date.now()): void {
  for (const id of ids) markOwnChange(entityType, id, now);
}

/** The record's change is this tab's own doing (a mark not older than OWN_CHANGE_MS). */
export function isOwnChange(entityType: string, id: number | string, now = Date.now()): boolean {
  const at = marks.get(keyOf(entityType, id));
  if (at === undefined) return false;
  if (now - at <= OWN_CHANGE_MS) return true;
  marks.delete(keyOf(entityType, id));
  return false;
}
