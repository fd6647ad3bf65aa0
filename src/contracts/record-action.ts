// An action on a list's records, declared once beside the list (docs/decisions/044-actions-are-declarations.md):
// its name, the statuses it moves a record from and to, the permission it needs, the reason it asks
// for, whether it runs in bulk and can be undone, its key in a review queue and its texts. The server
// turns it into its routes, its compare-and-set, its audit entry and its live change; the back-office
// into its button, confirmation, reason field, bulk bar, Undo and key. No zod: the first load reads it.
import type { Permission } from './roles';
import type { WebhookEventType } from './webhooks';

/** The actions a record may be given (their audit entries are `<entity>.<name>`). */
export const RECORD_ACTION_NAMES = ['approve', 'decline'] as const;
export type RecordActionName = (typeof RECORD_ACTION_NAMES)[number];

/** The longest reason an action keeps; zod-free here, so a screen reads it without zod. */
export const MAX_DECISION_REASON_LENGTH = 1000;
/** The most rows one bulk action decides or undoes; "select all that match" selects at most as many. */
export const MAX_BATCH_ROWS = 500;
/**
 * How long after an action its member may still undo it, by default. The screen offers Undo for 10 s;
 * the server allows a little more for a slow answer, and no more: later, a decided record stays decided.
 */
export const UNDO_WINDOW_SECONDS = 30;

export interface RecordAction {
  name: RecordActionName;
  /** The statuses a record moves from, as stored; with `isFromExcept`, any status but these. */
  from: readonly string[];
  isFromExcept?: boolean;
  /** The status it moves the record to. */
  to: string;
  /** Who may: checked by the auth guard before any route code runs. */
  permission: Permission;
  /** Its call for one record, under /api with `:id` for the record; none when it runs only in bulk. */
  path?: string;
  /** The reason the screen asks for (any action's call accepts one, up to `maxLength`); none: it asks none. */
  reason?: { isRequired: boolean; maxLength: number };
  /** It runs on up to MAX_BATCH_ROWS selected rows at once (`POST <list>/decisions`). */
  isBulk: boolean;
  /** Its member may take it back within this many seconds (`POST <list>/decisions/undo`); absent: never. */
  undoSeconds?: number;
  /** Its single key in a review queue. */
  key?: string;
  /** How its button reads: the main action, or one that refuses. */
  tone: 'primary' | 'danger';
  /** What the marketplace is told when it moves a record, and when it is undone (docs/webhooks.md, decision 041). */
  events: { done: WebhookEventType; undone?: WebhookEventType };
}

/** What one of the pair says: its statuses, its call for one record, what the marketplace is told of it. */
type DecisionOf = Pick<RecordAction, 'from' | 'isFromExcept' | 'to' | 'path'> & { event: WebhookEventType };

/**
 * Approve and Decline of a record awaiting a decision, as hosts, listings and properties have them:
 * in bulk too, undone within UNDO_WINDOW_SECONDS (told as `undoneEvent`), a decline with an optional reason.
 */
export function approveAndDecline(options: {
  permission: Permission;
  approve: DecisionOf;
  decline: DecisionOf;
  undoneEvent: WebhookEventType;
}): readonly RecordAction[] {
  const shared = { permission: options.permission, isBulk: true, undoSeconds: UNDO_WINDOW_SECONDS } as const;
  const actionOf = ({ event, ...decision }: DecisionOf) => ({ ...decision, ...shared, events: { done: event, undone: options.undoneEvent } });
  return [
    { name: 'approve', ...actionOf(options.approve), key: 'a', tone: 'primary' },
    { name: 'decline', ...actionOf(options.decline), reason: { isRequired: false, maxLength: MAX_DECISION_REASON_LENGTH }, key: 'd', tone: 'danger' },
  ];
}

/** Whether an action moves a record in this status. */
export const isMovedBy = (action: Pick<RecordAction, 'from' | 'isFromExcept'>, status: string) =>
  action.from.includes(status) !== (action.isFromExcept === true);

/** A list's declared action of that name (a screen's button reads its permission, reason and tone). */
export function actionNamed(actions: readonly RecordAction[] | undefined, name: RecordActionName): RecordAction {
  const found = actions?.find((action) => action.name === name);
  if (!found) throw new Error(`No action "${name}" is declared here`);
  return found;
}
