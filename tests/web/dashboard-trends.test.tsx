// The dashboard's charts as a role sees them: only the charts of what it may read, each asked over the
// chosen range, its table in the shown language with a link per bucket to the list filtered to it, its CSV.
import type { CustomParams, DataProvider } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Trends from '../../src/admin/pages/dashboard/charts/trends';
import { chartCsv } from '../../src/admin/pages/dashboard/charts/chart-csv';
import { CHART_SPECS } from '../../src/admin/pages/dashboard/charts/chart-specs';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const HOSTS = {
  from: '2026-10-26',
  to: '2026-11-08',
  bucket: 'week',
  points: [
    { from: '2026-10-26', to: '2026-11-01', newHosts: 1234, backlog: 56 },
    { from: '2026-11-02', to: '2026-11-08', newHosts: 0, backlog: 50 },
  ],
};
const DECISIONS = {
  from: '2026-10-26',
  to: '2026-11-08',
  bucket: 'week',
  points: [
    {
      from: '2026-10-26',
      to: '2026-11-01',
      listingDecisions: 3,
      listingMedianSeconds: 5400,
      listingP90Seconds: 36_000,
      propertyDecisions: 0,
      propertyMedianSeconds: null,
      propertyP90Seconds: null,
    },
    {
      from: '2026-11-02',
      to: '2026-11-08',
      listingDecisions: 0,
      listingMedianSeconds: null,
      listingP90Seconds: null,
      propertyDecisions: 0,
      propertyMedianSeconds: null,
      propertyP90Seconds: null,
    },
  ],
};

function chartProvider() {
  const asked: { url: string; query: unknown }[] = [];
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async ({ url, query }) => {
    asked.push({ url, query });
    if (url.endsWith('/hosts')) return { data: HOSTS };
    if (url.endsWith('/decisions')) return { data: DECISIONS };
    throw { statusCode: 403, message: 'You do not have permission to do this.' };
  });
  return { asked, dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }) };
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('the dashboard charts', () => {
  it("show a moderator only the charts of what the role reads, each asked over the range, and a week's table row opens its list (Activity for decisions)", async () => {
    const { asked, dataProvider } = chartProvider();
    renderAdmin(<Trends />, { dataProvider, role: 'moderator', path: '/dashboard' });
    const hosts = await screen.findByRole('region', { name: 'New hosts and verification backlog' }, LOAD);
    expect(await screen.findByRole('region', { name: 'Time to a decision' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bookings by status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conversations and first replies' })).not.toBeInTheDocument();
    expect(new Set(asked.map((call) => call.url))).toEqual(new Set(['admin/dashboard/charts/hosts', 'admin/dashboard/charts/decisions']));
    const thirtyDays = asked[0]?.query as { from: string; to: string };
    expect((Date.parse(thirtyDays.to) - Date.parse(thirtyDays.from)) / 86_400_000).toBe(29);

    await userEvent.click(within(hosts).getByText('Table'));
    const table = within(hosts).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'New hosts' })).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('1,234')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open the list for 26 Oct 2026 – 1 Nov 2026' })).toHaveAttribute(
      'href',
      // The address the list keeps for those days (list-address.ts): it opens there with nothing to rewrite.
      '/hosts?pageSize=8&currentPage=1&filters[0][field]=createdFrom&filters[0][operator]=eq&filters[0][value]=2026-10-26&filters[1][field]=createdTo&filters[1][operator]=eq&filters[1][value]=2026-11-01',
    );
    // Wider than its chart, the table scrolls sideways in a box the keyboard reaches.
    expect(table.closest('[role="group"]')).toHaveAttribute('tabindex', '0');
    expect(table.closest('[role="group"]')).toHaveStyle({ overflowX: 'auto' });
    // The link shows one word, the start of its name; the row's header names the period.
    expect(within(first).getByRole('link', { name: /^Open the list for / })).toHaveTextContent(/^Open$/);
    // A week of decisions opens Activity over that week.
    const decisions = screen.getByRole('region', { name: 'Time to a decision' });
    await userEvent.click(within(decisions).getByText('Table'));
    const secondWeek = within(within(decisions).getByRole('table')).getAllByRole('row')[2] as HTMLElement;
    expect(within(secondWeek).getByRole('link', { name: 'Open the list for 2 Nov 2026 – 8 Nov 2026' })).toHaveAttribute(
      'href',
      '/activity?pageSize=10&currentPage=1&filters[0][field]=createdFrom&filters[0][operator]=eq&filters[0][value]=2026-11-02&filters[1][field]=createdTo&filters[1][operator]=eq&filters[1][value]=2026-11-08',
    );

    await userEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() => {
      const last = asked.at(-1)?.query as { from: string; to: string };
      expect((Date.parse(last.to) - Date.parse(last.from)) / 86_400_000).toBe(6);
    });
  });

  it('read their tables in Somali: durations, missing values and the days', async () => {
    await changeLanguage('so');
    const { dataProvider } = chartProvider();
    renderAdmin(<Trends />, { dataProvider, role: 'viewer', path: '/dashboard' });
    const decisions = await screen.findByRole('region', { name: "Waqtiga go'aanka" }, LOAD);
    await userEvent.click(within(decisions).getByText('Jadwal'));
    const first = within(within(decisions).getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('1.5 saacadood')).toBeInTheDocument();
    expect(within(first).getAllByText('Midna').length).toBeGreaterThan(0);
    // The bookings chart the viewer may read answered an error: its card says so, the others still draw.
    expect(await screen.findAllByRole('alert', {}, LOAD)).not.toHaveLength(0);
  });

  it('write a CSV of the series with raw numbers and empty cells for none', () => {
    const spec = CHART_SPECS.find((entry) => entry.name === 'decisions');
    expect(chartCsv(spec!.series, DECISIONS.points).split('\r\n').slice(0, 2)).toEqual([
      'from,to,listingMedianSeconds,listingP90Seconds,propertyMedianSeconds,propertyP90Seconds,listingDecisions,propertyDecisions',
      '2026-10-26,2026-11-01,5400,36000,,,3,0',
    ]);
  });
});
