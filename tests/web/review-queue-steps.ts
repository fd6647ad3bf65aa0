// One J or K of a review queue, as the listing and host screens' tests walk it: the key, then the
// record it opens (its heading and address) and where that record stands in the pending list.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

export interface QueueStop {
  heading: string;
  path: string;
  /** The queue's position text, e.g. "101 of 250 pending". */
  position: string;
}

export async function pressQueueKey(router: { state: { location: { pathname: string } } }, key: 'j' | 'k', stop: QueueStop): Promise<void> {
  await userEvent.keyboard(key);
  expect(await screen.findByRole('heading', { level: 2, name: stop.heading })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(stop.path);
  expect(await screen.findByText(stop.position)).toBeInTheDocument();
}
