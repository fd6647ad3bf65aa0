// The undo the screen offers now, if any: the notice's button and the review queue's `U` key take
// back the same decision. An undo is offered for UNDO_OFFER_MS after the decision's answer.
export const UNDO_OFFER_MS = 10_000;

let offered: { undo: () => void; until: number } | undefined;

export function offerUndo(undo: () => void, now = Date.now()): void {
  offered = { undo, until: now + UNDO_OFFER_MS };
}

export function withdrawUndo(): void {
  offered = undefined;
}

/** Runs the undo still on offer; false when there is none (none made, or its 10 s are over). */
export function undoLast(now = Date.now()): boolean {
  if (!offered || now > offered.until) return false;
  const { undo } = offered;
  offered = undefined;
  undo();
  return true;
}
