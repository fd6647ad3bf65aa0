// The sentence a batch decision or its undo ends with (src/admin/components/batch-summary.ts), in
// English and Somali: what changed first, then every skip grouped by why and by whom.
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchResult, BatchRowResult } from '../../src/contracts/batch-decisions';
import { summarizeBatch } from '../../src/admin/components/batch-summary';
import { changeLanguage, i18n } from '../../src/i18n';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';

registerAdminCatalogue();

const rows = (count: number, row: Omit<BatchRowResult, 'id'>, from = 1): BatchRowResult[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, ...row }));
const result = (...groups: BatchRowResult[][]): BatchResult => {
  const results = groups.flat();
  return { results, changed: results.filter((row) => row.outcome === 'decided' || row.outcome === 'undone').length };
};

afterEach(async () => {
  await changeLanguage('en');
});

describe('summarizeBatch', () => {
  it('says "18 approved; 2 already declined by Amina, skipped" and names every other skip', async () => {
    await changeLanguage('en');
    const t = i18n.t.bind(i18n);
    const batch = result(
      rows(18, { outcome: 'decided', status: 'Approved', by: null }),
      rows(2, { outcome: 'alreadyDecided', status: 'Declined', by: 'Amina' }, 100),
      rows(1, { outcome: 'alreadyDecided', status: 'Confirmed', by: null }, 200),
      rows(1, { outcome: 'changed', status: 'pending', by: 'Hodan' }, 300),
      rows(3, { outcome: 'notFound', status: null, by: null }, 400),
    );
    expect(summarizeBatch(t, batch, 'approve')).toBe(
      '18 approved; 2 already declined by Amina, skipped; 1 already approved, skipped; 1 changed meanwhile by Hodan, skipped; 3 no longer exist, skipped',
    );
  });

  it('sums up an undo, reporting a row a colleague changed since as not undone, and says when nothing changed', async () => {
    await changeLanguage('en');
    const t = i18n.t.bind(i18n);
    const undo = result(rows(6, { outcome: 'undone', status: 'Pending', by: null }), rows(1, { outcome: 'changed', status: null, by: 'Amina' }, 50));
    expect(summarizeBatch(t, undo)).toBe('6 undone; 1 changed meanwhile by Amina, not undone');
    expect(summarizeBatch(t, result(rows(2, { outcome: 'notUndoable', status: null, by: null })))).toBe('2 can no longer be undone');
    expect(summarizeBatch(t, result(), 'decline')).toBe('Nothing changed');
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    const t = i18n.t.bind(i18n);
    const batch = result(
      rows(18, { outcome: 'decided', status: 'Declined', by: null }),
      rows(2, { outcome: 'alreadyDecided', status: 'Approved', by: 'Amina' }, 100),
    );
    expect(summarizeBatch(t, batch, 'decline')).toBe("18 waa la diiday; 2 waxaa hore u go'aamiyay Amina (la oggolaaday), waa laga booday");
  });
});
