import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub } from '../../src/admin/live/live-hub';
import { avatarInitial, truncateComment } from '../../src/admin/pages/feedbacks/feedback-text';
import { FeedbackList } from '../../src/admin/pages/feedbacks/list';
import type { Feedback } from '../../src/contracts/feedbacks';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

function feedback(id: number, values: Partial<Feedback> = {}): Feedback {
  return {
    id,
    rating: 4,
    comments: `Comment number ${id}`,
    createdAt: new Date(Date.now() - id * HOUR_MS).toISOString(),
    User: { name: `Reviewer ${id}`, email: `reviewer${id}@hoy.test`, country: 'Somalia', suspendedAt: null },
    ...values,
  };
}

type Answer = { rows: Feedback[] } | { error: { statusCode: number; message: string } };

/** A data provider that pages through the test's rows and records every list call. */
function fakeProvider(answer: () => Answer) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async (params) => {
    const current = answer();
    if ('error' in current) throw current.error;
    const page = params.pagination?.currentPage ?? 1;
    const size = params.pagination?.pageSize ?? 10;
    return { data: current.rows.slice((page - 1) * size, page * size) as unknown as BaseRecord[], total: current.rows.length };
  });
  const provider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'] });
  return { provider, getList };
}

function renderList(dataProvider: DataProvider) {
  renderAdmin(<FeedbackList />, { dataProvider, path: '/feedback' });
}

const cardOf = (text: string) => screen.getByText(text).closest('.ant-card') as HTMLElement;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('feedback texts', () => {
  it('cuts comments after 200 characters with an ellipsis and leaves shorter ones whole', () => {
    expect(truncateComment('a'.repeat(200))).toEqual({ text: 'a'.repeat(200), isTruncated: false });
    expect(truncateComment('a'.repeat(201))).toEqual({ text: `${'a'.repeat(200)}...`, isTruncated: true });
    // Emoji count as one character each, never split in half.
    expect(truncateComment('😀'.repeat(201)).text).toBe(`${'😀'.repeat(200)}...`);
  });

  it('takes the first letter of the name in upper case for the avatar, or U', () => {
    expect(avatarInitial('amina')).toBe('A');
    expect(avatarInitial('  ')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});

describe('Feedback', () => {
  it('shows 10 newest first, then 10 more with Show More, and counts them in the footer', async () => {
    const rows = Array.from({ length: 23 }, (_, index) => feedback(index + 1));
    const { provider, getList } = fakeProvider(() => ({ rows }));
    renderList(provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Feedback' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Reviewer 1', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Reviewer 10')).toBeInTheDocument();
    expect(screen.queryByText('Reviewer 11')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 23 feedback(s)')).toBeInTheDocument();
    expect(getList.mock.calls[0][0]).toMatchObject({ pagination: { currentPage: 1, pageSize: 10 } });
    expect((getList.mock.calls[0][0] as GetListParams).sorters ?? []).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findByText('Reviewer 20')).toBeInTheDocument();
    expect(screen.getByText('Showing 20 of 23 feedback(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(await screen.findByText('Reviewer 23')).toBeInTheDocument();
    expect(screen.getByText('Showing 23 of 23 feedback(s)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
  });

  it('truncates long comments with Show More / Show Less and says when there are none', async () => {
    const long = `${'Great stay. '.repeat(20)}The end.`;
    const rows = [feedback(1, { comments: long }), feedback(2, { comments: null }), feedback(3, { comments: '   ' })];
    const { provider } = fakeProvider(() => ({ rows }));
    renderList(provider);
    const card = (await screen.findByText('Reviewer 1', {}, LOAD)).closest('.ant-card') as HTMLElement;
    expect(within(card).queryByText(/The end\./)).not.toBeInTheDocument();
    expect(within(card).getByText(`${long.slice(0, 200)}...`)).toBeInTheDocument();
    const user = userEvent.setup();
    const toggle = within(card).getByRole('button', { name: 'Show More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(card).getByText(long.trim())).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(card).getByRole('button', { name: 'Show Less' }));
    expect(within(card).getByText(`${long.slice(0, 200)}...`)).toBeInTheDocument();
    expect(within(cardOf('Reviewer 2')).getByText('No comments provided')).toBeInTheDocument();
    expect(within(cardOf('Reviewer 3')).getByText('No comments provided')).toBeInTheDocument();
  });

  it('shows the relative time, the stars, the country with its flag or a globe, and the fallbacks for a missing user', async () => {
    const now = Date.now();
    const rows = [
      feedback(1, { createdAt: new Date(now - 3 * DAY_MS + HOUR_MS).toISOString(), rating: 4 }),
      feedback(2, {
        createdAt: new Date(now - 15 * DAY_MS).toISOString(),
        rating: 1,
        User: { name: 'Lena', email: null, country: 'Narnia', suspendedAt: null },
      }),
      feedback(3, { createdAt: new Date(now - 400 * DAY_MS).toISOString(), rating: 5, User: null }),
      feedback(4, { createdAt: new Date(now - 2 * HOUR_MS).toISOString(), User: { name: 'omar', email: null, country: null, suspendedAt: null } }),
    ];
    const { provider } = fakeProvider(() => ({ rows }));
    renderList(provider);
    const first = (await screen.findByText('Reviewer 1', {}, LOAD)).closest('.ant-card') as HTMLElement;
    expect(within(first).getByText('3 days ago')).toBeInTheDocument();
    expect(within(first).getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(within(first).getByText('Somalia')).toBeInTheDocument();
    expect(first.querySelector('svg[data-country="SO"]')).not.toBeNull();
    expect(within(first).getByText('R')).toBeInTheDocument();

    const second = cardOf('Lena');
    expect(within(second).getByText('2 weeks ago')).toBeInTheDocument();
    expect(within(second).getByText('1 out of 5 stars')).toBeInTheDocument();
    expect(within(second).getByText('Narnia')).toBeInTheDocument();
    expect(second.querySelector('svg[data-country]')).toBeNull();
    expect(second.querySelector('[data-globe]')).not.toBeNull();

    const third = cardOf('Unknown User');
    expect(within(third).getByText('U')).toBeInTheDocument();
    expect(within(third).getByText('1 year ago')).toBeInTheDocument();
    expect(within(third).getByText('United States')).toBeInTheDocument();
    expect(third.querySelector('svg[data-country="US"]')).not.toBeNull();

    const fourth = cardOf('omar');
    expect(within(fourth).getByText('O')).toBeInTheDocument();
    expect(within(fourth).getByText('1 day ago')).toBeInTheDocument();
  });

  it('words the relative time, stars and fallbacks in Somali', async () => {
    await changeLanguage('so');
    const rows = [feedback(1, { createdAt: new Date(Date.now() - 3 * DAY_MS + HOUR_MS).toISOString(), rating: 3, User: null, comments: null })];
    const { provider } = fakeProvider(() => ({ rows }));
    renderList(provider);
    expect(await screen.findByText('3 maalmood ka hor', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('3 ka mid ah 5 xiddigood')).toBeInTheDocument();
    expect(screen.getByText('Isticmaale aan la aqoon')).toBeInTheDocument();
    expect(screen.getByText('Faallo lama bixin')).toBeInTheDocument();
  });

  it('sends the search after typing pauses and shows No feedback found when nothing matches', async () => {
    const rows = [feedback(1)];
    const { provider, getList } = fakeProvider(() => ({ rows: getList.mock.calls.length > 1 ? [] : rows }));
    renderList(provider);
    await screen.findByText('Reviewer 1', {}, LOAD);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search any feedback'), 'nothing');
    expect(await screen.findByText('No feedback found')).toBeInTheDocument();
    const searched = getList.mock.calls.at(-1)?.[0] as GetListParams;
    expect(searched.filters).toEqual([{ field: 'q', operator: 'contains', value: 'nothing' }]);
    expect(getList.mock.calls.filter(([params]) => (params as GetListParams).filters?.some((filter) => 'value' in filter && filter.value))).toHaveLength(1);
    expect(screen.getByText('Showing 0 of 0 feedback(s)')).toBeInTheDocument();
  });

  it.each([
    [401, 'Unauthorized access. Please login again.'],
    [404, 'No feedbacks found.'],
    [500, 'Failed to fetch feedbacks. Please try again.'],
  ])('shows the documented message for a failed load answered %s', async (statusCode, message) => {
    const { provider } = fakeProvider(() => ({ error: { statusCode, message: 'from server' } }));
    renderList(provider);
    expect(await screen.findByText(message, {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('No feedback found')).toBeInTheDocument();
  });

  it('shows Refreshing... while refreshing and the refresh message when it fails', async () => {
    let answer: Answer = { rows: [feedback(1)] };
    const { provider } = fakeProvider(() => answer);
    renderList(provider);
    await screen.findByText('Reviewer 1', {}, LOAD);
    answer = { error: { statusCode: 500, message: 'down' } };
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh feedbacks. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  });

  it("reads the cards again when an author is suspended elsewhere, and tags the author's card Suspended", async () => {
    let answer: Answer = { rows: [feedback(1), feedback(2)] };
    const { provider, getList } = fakeProvider(() => answer);
    const live = createLiveHub();
    renderAdmin(<FeedbackList />, { dataProvider: provider, path: '/feedback', live });
    await screen.findByText('Reviewer 2', {}, LOAD);
    expect(screen.queryByText('Suspended')).toBeNull();
    const reads = getList.mock.calls.length;
    const suspended = feedback(2);
    answer = { rows: [feedback(1), { ...suspended, User: { ...suspended.User!, suspendedAt: '2026-03-07T09:00:00.000Z' } }] };
    act(() => live.publish({ channel: 'resources/suspensions', type: 'updated', payload: { ids: [2] }, date: new Date() }));
    expect(await within(cardOf('Reviewer 2')).findByText('Suspended', {}, LOAD)).toBeInTheDocument();
    expect(within(cardOf('Reviewer 1')).queryByText('Suspended')).toBeNull();
    expect(getList.mock.calls.length).toBe(reads + 1);
  });
});
