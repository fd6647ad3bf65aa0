// The notice after a decision offers Undo only where the action is declared undoable
// (src/contracts/record-action.ts, decision 044).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeclaredList } from '../../src/contracts/list-declaration';
import { declaration as propertyApprovalList } from '../../src/contracts/lists/property-approvals';
import { decidedOne, useDecisionNotice } from '../../src/admin/components/use-decision-notice';
import { renderAdmin, stubDataProvider } from './render-admin';

function Decide({ list }: { list: DeclaredList<string, string> }) {
  const showDecision = useDecisionNotice(list, 'property-approvals');
  return (
    <button type="button" onClick={() => showDecision(decidedOne(7, 'confirmed'), 'approve', 'Approved')}>
      Decide
    </button>
  );
}

const withoutUndo: DeclaredList<string, string> = {
  ...propertyApprovalList,
  actions: propertyApprovalList.actions.map(({ undoSeconds: _undoSeconds, ...action }) => action),
};

describe('the notice after a decision', () => {
  it('offers Undo of an action declared undoable', async () => {
    renderAdmin(<Decide list={propertyApprovalList} />, { dataProvider: stubDataProvider({}), role: 'moderator' });
    await userEvent.click(await screen.findByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('offers none of an action that cannot be undone', async () => {
    renderAdmin(<Decide list={withoutUndo} />, { dataProvider: stubDataProvider({}), role: 'moderator' });
    await userEvent.click(await screen.findByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
