// Every action the server writes to the audit trail reads as words in Activity and on the history of a
// record, in English and Somali, never as its code ("booking.refund-approved"): the names come from the
// contracts that declare the actions, so a new move, status or action without its label fails here.
import { describe, expect, it } from 'vitest';
import { BOOKING_MOVE_NAMES } from '../../src/contracts/booking-moves';
import { declaration as hosts } from '../../src/contracts/lists/hosts';
import { declaration as listings } from '../../src/contracts/lists/listings';
import { declaration as propertyApprovals } from '../../src/contracts/lists/property-approvals';
import { REFUND_STATUSES } from '../../src/contracts/refunds';
import { USER_SUSPENSION_MOVES } from '../../src/contracts/user-suspension';
import english from '../../src/i18n/locales/en/admin-history.json';
import somali from '../../src/i18n/locales/so/admin-history.json';

/** The audit entity each decided list's actions are recorded under (server/list-definitions.ts's targets). */
const DECIDED = [
  ['host', hosts],
  ['listing', listings],
  ['property', propertyApprovals],
] as const;

const ACTIONS = [
  ...DECIDED.flatMap(([entity, list]) => [
    ...(list.actions ?? []).map((action) => `${entity}.${action.name}`),
    ...((list.actions ?? []).some((action) => action.undoSeconds !== undefined) ? [`${entity}.undo`] : []),
  ]),
  ...BOOKING_MOVE_NAMES.map((move) => `booking.${move}`),
  // The request (requested or awaiting approval), the second member's review, the payment side's answer.
  ...REFUND_STATUSES.map((status) => `booking.refund-${status}`),
  'booking.refund-approved',
  ...(['host', 'guest'] as const).flatMap((entity) => Object.keys(USER_SUSPENSION_MOVES).map((move) => `${entity}.${move}`)),
  'note.add',
  'note.edit',
  'note.delete',
];

const labelOf = (catalogue: typeof english, action: string): unknown => {
  const [entity, name] = action.split('.');
  return (catalogue.admin.history.actions as Record<string, Record<string, string> | undefined>)[entity!]?.[name!];
};

describe("Activity's labels of actions", () => {
  it.each(ACTIONS)('reads %s as words in English and Somali', (action) => {
    expect(labelOf(english, action)).toEqual(expect.stringMatching(/\S/));
    expect(labelOf(somali, action)).toEqual(expect.stringMatching(/\S/));
    expect(labelOf(somali, action)).not.toBe(labelOf(english, action));
  });
});
