// The listing screen's decision follows the listing's declared actions (src/contracts/lists/listings.ts):
// a declaration changed here (a reason required and shorter, another key, an action gone) changes the
// buttons, the dialog and the keys, with nothing else told to the screen.
import type { BaseRecord, CustomParams, DataProvider } from '@refinedev/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListingDetail } from '../../src/contracts/listings';
import { declaration as listingList } from '../../src/contracts/lists/listings';
import type { RecordAction } from '../../src/contracts/record-action';
import { ListingShow } from '../../src/admin/pages/listings/show';
import { renderAdmin, stubDataProvider } from './render-admin';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('../../src/admin/pages/listings/listing-map', () => ({ default: () => null }));

const DECLARED = listingList.actions;
const [APPROVE, DECLINE] = DECLARED;

/**
 * Declares the listing's actions otherwise for one test. The web tests share their worker's modules
 * (vitest.config.ts), so the declaration itself is changed, as the screen reads it, and put back after.
 */
function declare(actions: readonly RecordAction[]) {
  Object.defineProperty(listingList, 'actions', { value: actions, configurable: true, writable: true, enumerable: true });
}

const LISTING = {
  id: 3,
  title: 'Secure Family Home',
  city: 'Mogadishu',
  country: 'Somalia',
  status: 'Pending',
  price: 36,
  User: { name: 'Priya Müller' },
  PropertyType: { name: 'House' },
  description: 'Freshly renovated.',
  placeType: 'Private room',
  adultCount: 2,
  childrenCount: 0,
  checkInTime: '15:00',
  checkOutTime: '11:00',
  isWifi: true,
  isTv: false,
  isKitchen: false,
  isWasher: false,
  isFreeParking: false,
  isPaidParking: false,
  isAC: false,
  isWorkspace: false,
  isPetAllowed: false,
  isRequestBooking: true,
  isCancellationAllowed: false,
  LatLoc: 2.02,
  LngLoc: 45.31,
  PropertyImages: [],
  declineReason: null,
} satisfies ListingDetail;

function renderListing() {
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async ({ url }) => {
    const decided = /admin\/listings\/3\/(approve|decline)$/.exec(url);
    if (!decided) return { data: [] as BaseRecord[] };
    return { data: { id: 3, status: decided[1] === 'approve' ? 'Approved' : 'Declined', message: '' } };
  });
  const provider = stubDataProvider({
    getOne: (async () => ({ data: LISTING })) as unknown as DataProvider['getOne'],
    custom: custom as unknown as DataProvider['custom'],
  });
  const ui = (
    <Routes>
      <Route path="/listings/:id" element={<ListingShow />} />
    </Routes>
  );
  renderAdmin(ui, { dataProvider: provider, path: '/listings/3' });
  return custom;
}

const decisionCalls = (custom: ReturnType<typeof renderListing>) => custom.mock.calls.filter(([{ url }]) => /approve|decline/.test(url));

/** The review keys listen: J, with no pending listing after this one, says so. */
async function keysListen() {
  await userEvent.keyboard('j');
  expect(await screen.findByText('No further pending record')).toBeInTheDocument();
}

afterEach(() => declare(DECLARED));

describe('the listing decision, from its declared actions', () => {
  it('asks the reason a declared decline asks: required, at most its declared length, confirmed only once given', async () => {
    declare([APPROVE, { ...DECLINE, reason: { isRequired: true, maxLength: 12 } }]);
    const custom = renderListing();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this listing?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for declining' });
    expect(reason).toHaveAttribute('maxlength', '12');
    expect(reason).toBeRequired();
    const confirm = within(dialog).getByRole('button', { name: 'Decline' });
    expect(confirm).toBeDisabled();

    await userEvent.type(reason, 'Blurry photos of the rooms');
    expect(reason).toHaveValue('Blurry photo');
    await userEvent.click(confirm);
    await waitFor(() => expect(decisionCalls(custom)).toHaveLength(1));
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/listings/3/decline', payload: { reason: 'Blurry photo' } }));
  });

  it('takes the key an action declares, and not the one it no longer has', async () => {
    declare([{ ...APPROVE, key: 'y' }, DECLINE]);
    const custom = renderListing();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve Property' })).toBeEnabled());
    await keysListen();
    await userEvent.keyboard('a');
    // K after A is heard (keys are handled in order): by then A has asked nothing.
    await userEvent.keyboard('k');
    expect(await screen.findByText('No earlier pending record')).toBeInTheDocument();
    expect(decisionCalls(custom)).toHaveLength(0);

    await userEvent.keyboard('y');
    await waitFor(() => expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/listings/3/approve', payload: {} })));
    expect(decisionCalls(custom)).toHaveLength(1);
  });

  it('draws no button, and takes no key, for an action the list does not declare', async () => {
    declare([APPROVE]);
    const custom = renderListing();
    expect(await screen.findByRole('button', { name: 'Approve Property' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    await keysListen();
    await userEvent.keyboard('d');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisionCalls(custom)).toHaveLength(0);
  });
});
