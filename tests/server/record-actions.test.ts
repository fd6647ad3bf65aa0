// A list's record actions as declared (src/contracts/record-action.ts, decision 044): what declareList
// reads from them for the batch, the calls the back-office finds, and the declarations it refuses.
import { describe, expect, it } from 'vitest';
import { actionCallsOf, declareList } from '../../src/contracts/list-declaration';
import { declaration as hostList } from '../../src/contracts/lists/hosts';
import { declaration as listingList } from '../../src/contracts/lists/listings';
import { actionTextKey, approveAndDecline, isMovedBy, UNDO_WINDOW_SECONDS, type RecordAction } from '../../src/contracts/record-action';
import { roleTableOf } from '../../src/contracts/roles';

const listOf = (actions: readonly RecordAction[]) =>
  declareList({
    name: 'reports',
    sorts: ['title'],
    defaultOrder: { order: 'asc' },
    searchFields: ['title'],
    pageSize: 10,
    access: 'listings.read',
    icon: 'comment',
    menuOrder: 75,
    actions,
    batch: { nameField: 'title', awaiting: { field: 'status', values: ['open'] }, recordType: 'listing' },
  });

const PAIR = approveAndDecline({
  permission: 'listings.decide',
  approve: { from: ['open'], to: 'accepted', path: 'admin/reports/:id/approve', event: 'listing.approved' },
  decline: { from: ['open'], to: 'refused', event: 'listing.declined' },
  undoneEvent: 'listing.decision-undone',
});

describe('record actions', () => {
  it('give a list its batch: their shared permission, their names, no reason required', () => {
    expect(listOf(PAIR).batch).toEqual({
      nameField: 'title',
      awaiting: { field: 'status', values: ['open'] },
      recordType: 'listing',
      permission: 'listings.decide',
      decisions: ['approve', 'decline'],
    });
  });

  it('make a decline that requires a reason require one in bulk', () => {
    const [approve, decline] = PAIR;
    expect(listOf([approve, { ...decline, reason: { isRequired: true, maxLength: 200 } }]).batch?.isDeclineReasonRequired).toBe(true);
  });

  it('pair approve and decline as the three deciding lists have them: in bulk, undone within the window, A and D, a reason on decline', () => {
    expect(PAIR.map(({ name, isBulk, undoSeconds, key, tone, reason }) => ({ name, isBulk, undoSeconds, key, tone, reason }))).toEqual([
      { name: 'approve', isBulk: true, undoSeconds: UNDO_WINDOW_SECONDS, key: 'a', tone: 'primary', reason: undefined },
      { name: 'decline', isBulk: true, undoSeconds: UNDO_WINDOW_SECONDS, key: 'd', tone: 'danger', reason: { isRequired: false, maxLength: 1000 } },
    ]);
    expect(PAIR.map((action) => action.events)).toEqual([
      { done: 'listing.approved', undone: 'listing.decision-undone' },
      { done: 'listing.declined', undone: 'listing.decision-undone' },
    ]);
  });

  it('are refused in bulk without a shared permission, and a batch without any in bulk', () => {
    const [approve, decline] = PAIR;
    expect(() => listOf([approve, { ...decline, permission: 'hosts.write' }])).toThrow('The bulk actions of "reports" need one permission');
    expect(() =>
      listOf([
        { ...approve, isBulk: false },
        { ...decline, isBulk: false },
      ]),
    ).toThrow('declares a batch but no action in bulk');
  });

  it('name their calls for one record, and only those that have one', () => {
    expect(actionCallsOf(listOf(PAIR))).toEqual({ approve: { method: 'post', path: 'admin/reports/:id/approve' } });
    expect(actionCallsOf(hostList)).toEqual({ approve: { method: 'post', path: 'admin/update-status-host/:id' } });
    expect(Object.keys(actionCallsOf(listingList))).toEqual(['approve', 'decline']);
  });

  it('move a record from their statuses, or from any but them', () => {
    const [approveHost, declineHost] = hostList.actions;
    expect(['Pending', 'Rejected', 'Confirmed'].map((status) => isMovedBy(approveHost, status))).toEqual([true, true, false]);
    expect(['Pending', 'Rejected', 'Confirmed'].map((status) => isMovedBy(declineHost, status))).toEqual([true, false, false]);
  });

  it('take any name in camelCase, once per list, and refuse others', () => {
    const close: RecordAction = {
      name: 'close',
      from: ['open'],
      to: 'closed',
      permission: 'listings.decide',
      isBulk: true,
      tone: 'primary',
      texts: 'admin.reports.actions.close',
    };
    expect(listOf([close]).batch?.decisions).toEqual(['close']);
    expect(() => listOf([{ ...close, name: 'Close' }])).toThrow('must be a word in camelCase');
    expect(() => listOf([{ ...close, name: 'close it' }])).toThrow('must be a word in camelCase');
    expect(() => listOf([close, close])).toThrow('declares the action "close" twice');
  });

  it('read their texts under their own prefix, approve and decline under the shared review texts', () => {
    const close = { name: 'close', texts: 'admin.reports.actions.close', reason: { isRequired: true, maxLength: 500 } };
    expect(actionTextKey(close, 'button')).toBe('admin.reports.actions.close.button');
    expect(actionTextKey(close, 'reason')).toBe('admin.reports.actions.close.reason');
    const [approve, decline] = PAIR;
    expect(actionTextKey(approve, 'button')).toBe('admin.review.approveSelection');
    expect(actionTextKey(decline, 'confirmTitle')).toBe('admin.review.confirm.declineTitle');
    expect(actionTextKey(decline, 'reason')).toBe('admin.review.confirm.reasonOptional');
    expect(actionTextKey({ ...decline, reason: { isRequired: true, maxLength: 10 } }, 'reason')).toBe('admin.review.confirm.reasonRequired');
    expect(actionTextKey(decline, 'done')).toBe('admin.review.summary.declined');
  });

  it('give a list that names its deciders the permission <list>.decide, held by them and the administrator alone', () => {
    const table = roleTableOf([{ name: 'reports', access: { readers: ['moderator', 'support'], deciders: ['moderator'] } }]);
    expect(table.rolesWith('reports.decide')).toEqual(['administrator', 'moderator']);
    expect(table.rolesWith('reports.read')).toEqual(['administrator', 'moderator', 'support']);
    expect(() => roleTableOf([{ name: 'reports', access: { readers: [] } }]).hasPermission('administrator', 'reports.decide')).not.toThrow();
    expect(roleTableOf([{ name: 'reports', access: { readers: [] } }]).hasPermission('administrator', 'reports.decide')).toBe(false);
  });
});
