// An action on a list's records, declared once beside the list (docs/decisions/044-actions-are-declarations.md):
// its name, the statuses it moves a record from and to, the permission it needs, the reason it asks
// for, whether it runs in bulk and can be undone, its key in a review queue and its texts. The server
// turns it into its routes, its compare-and-set, its audit entry and its live change; the back-office
// into its button, confirmation, reason field, bulk bar, Undo and key. No zod: the first load reads it.
import type { Permission } from './roles';
import type { WebhookEventType } from './webhooks';

/**
 * An action's name: a word in camelCase (`approve`, `close`), unique in its list. It is no hand-kept
 * list: each list's declared actions are its names (its batch route's `decision` enum, its audit
 * entries `<entity>.<name>`, its texts), so a new action is its declaration alone.
 */
export type RecordActionName = string;
/** What a name must look like; `declareList` refuses any other. */
export const RECORD_ACTION_NAME_PATTERN = /^[a-z][a-zA-Z]{0,39}$/;

/** The longest reason an action keeps; zod-free here, so a screen reads it without zod. */
export const MAX_DECISION_REASON_LENGTH = 1000;
/** The most rows one bulk action decides or undoes; "select all that match" selects at most as many. */
export const MAX_BATCH_ROWS = 500;
/**
 * How long after an action its member may still undo it, by default. The screen offers Undo for 10 s;
 * the server allows a little more for a slow answer, and no more: later, a decided record stays decided.
 */
export const UNDO_WINDOW_SECONDS = 30;

export interface RecordAction<Name extends RecordActionName = RecordActionName> {
  name: Name;
  /** The statuses a record moves from, as stored; with `isFromExcept`, any status but these. */
  from: readonly string[];
  isFromExcept?: boolean;
  /** The status it moves the record to. */
  to: string;
  /** Who may: checked by the auth guard before any route code runs. */
  permission: Permission;
  /**
   * Its call for one record, under /api with `:id` for the record; none when it runs only in bulk. The
   * list engine registers it (answering the row's outcome, 409 when it did not move), unless
   * `hasOwnAnswer`: then the list's module registers it with the answer the product gives.
   */
  path?: string;
  /** The list's module registers the call for one record itself (hosts, listings, property approvals). */
  hasOwnAnswer?: boolean;
  /** The reason the screen asks for (any action's call accepts one, up to `maxLength`); none: it asks none. */
  reason?: { isRequired: boolean; maxLength: number };
  /** It runs on up to MAX_BATCH_ROWS selected rows at once (`POST <list>/decisions`). */
  isBulk: boolean;
  /** Its member may take it back within this many seconds (`POST <list>/decisions/undo`); absent: never. */
  undoSeconds?: number;
  /** Its single key in a review queue (a record screen that shows `ReviewShortcuts`). */
  key?: string;
  /**
   * The i18n prefix of its texts (`admin.reports.actions.close`): `button`, `confirmTitle`, `confirm`,
   * `confirmBody`, `reason` (where it asks one) and `done` under it (`ActionText`). Absent: the shared
   * texts of approve and decline (`admin.review`), which only those two have.
   */
  texts?: string;
  /** How its button reads: the main action, or one that refuses. */
  tone: 'primary' | 'danger';
  /**
   * What the marketplace is told when it moves a record, and when it is undone (docs/webhooks.md,
   * decision 041); absent: nothing leaves for it (the audit entry and the live change still do).
   */
  events?: { done: WebhookEventType; undone?: WebhookEventType };
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
}): readonly [RecordAction<'approve'>, RecordAction<'decline'>] {
  const shared = { permission: options.permission, isBulk: true, undoSeconds: UNDO_WINDOW_SECONDS, hasOwnAnswer: true } as const;
  const actionOf = ({ event, ...decision }: DecisionOf) => ({ ...decision, ...shared, events: { done: event, undone: options.undoneEvent } });
  return [
    { name: 'approve' as const, ...actionOf(options.approve), key: 'a', tone: 'primary' },
    { name: 'decline' as const, ...actionOf(options.decline), reason: { isRequired: false, maxLength: MAX_DECISION_REASON_LENGTH }, key: 'd', tone: 'danger' },
  ];
}

/**
 * An action's texts: its bulk bar's button, its dialog's title, confirm button, body and reason
 * field's label, the notice's "3 closed" (each with `{{count}}`).
 */
export type ActionText = 'button' | 'confirmTitle' | 'confirm' | 'confirmBody' | 'reason' | 'done';

/** The shared keys of approve and decline (`admin.review`), which declare no `texts`. */
const SHARED_ACTION_TEXTS: Readonly<Record<ActionText, (action: Pick<RecordAction, 'name' | 'reason'>) => string>> = {
  button: ({ name }) => `admin.review.${name}Selection`,
  confirmTitle: ({ name }) => `admin.review.confirm.${name}Title`,
  confirm: ({ name }) => `admin.review.confirm.${name}`,
  confirmBody: ({ name }) => `admin.review.confirm.${name}Body`,
  reason: ({ reason }) => (reason?.isRequired ? 'admin.review.confirm.reasonRequired' : 'admin.review.confirm.reasonOptional'),
  done: ({ name }) => `admin.review.summary.${name}d`,
};

/** The i18n key of one of an action's texts: under its `texts` prefix, or approve's and decline's shared ones. */
export const actionTextKey = (action: Pick<RecordAction, 'name' | 'texts' | 'reason'>, text: ActionText): string =>
  action.texts ? `${action.texts}.${text}` : SHARED_ACTION_TEXTS[text](action);

/** Whether an action moves a record in this status. */
export const isMovedBy = (action: Pick<RecordAction, 'from' | 'isFromExcept'>, status: string) =>
  action.from.includes(status) !== (action.isFromExcept === true);
