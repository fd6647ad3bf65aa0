// The dashboard charts' axes in Chromium over the demo data: at every width the dashboard is drawn at
// (two charts a row, one a row, a phone) and over every preset range, in English and Somali, no two day
// labels of a time axis overlap and none runs past its chart; a week cut short at the range's start
// gets no label of its own; a chart draws a second axis only for another unit (issue 49).
import type { Page } from '@playwright/test';
import { expect, networkQuiet, test } from './fixtures';

/** A day as the charts write it, "9 Nov 2026" (dayjs's "D MMM YYYY"), with the language's short months. */
const dayIn = (months: string) => (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${date.getUTCDate()} ${months.split('_')[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

const TEXTS = {
  'en-US': {
    trends: 'Trends',
    presets: ['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 365 days'],
    value: 'Gross booking value',
    hosts: 'New hosts and verification backlog',
    chats: 'Conversations and first replies',
    minutes: 'Minutes',
    cancellations: 'Cancellations and disputes',
    table: 'Table',
    day: dayIn('Jan_Feb_Mar_Apr_May_Jun_Jul_Aug_Sep_Oct_Nov_Dec'),
  },
  so: {
    trends: 'Isbeddellada',
    presets: ['7-dii maalmood ee u dambeeyay', '30-kii maalmood ee u dambeeyay', '90-kii maalmood ee u dambeeyay', '365-tii maalmood ee u dambeeyay'],
    value: 'Qiimaha guud ee ballamaha',
    hosts: 'Martigeliyayaal cusub iyo xaqiijinta sugaysa',
    chats: 'Wada-hadallada iyo jawaabaha ugu horreeya',
    minutes: 'Daqiiqado',
    cancellations: 'Joojinta iyo murannada',
    table: 'Jadwal',
    // src/lib/dayjs-somali.ts
    day: dayIn('Jan_Feb_Mar_Abr_May_Jun_Luu_Ogo_Seb_Okt_Nof_Des'),
  },
} as const;

/** Two charts a row from antd's xl breakpoint (1200 px), one below it, and a phone's width. */
const WIDTHS = [1600, 1200, 1199, 800, 390];

/**
 * What is wrong with the time axes of the charts drawn: labels that overlap (their boxes as drawn) or
 * run past their chart's edge; an empty list when none. Also each chart's labels, to check against.
 */
function axisProblems(page: Page): Promise<{ problems: string[]; labels: Record<string, string[]> }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const labels: Record<string, string[]> = {};
    for (const chart of document.querySelectorAll('section[aria-label] section[aria-label]')) {
      const surface = chart.querySelector('svg.recharts-surface');
      if (!surface) continue;
      const name = chart.getAttribute('aria-label') ?? '';
      const edges = surface.getBoundingClientRect();
      const boxes = [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((text) => ({
        text: text.textContent ?? '',
        box: text.getBoundingClientRect(),
      }));
      labels[name] = boxes.map((label) => label.text);
      boxes.forEach(({ text, box }, index) => {
        if (box.left < edges.left - 0.5 || box.right > edges.right + 0.5) problems.push(`${name}: "${text}" runs past the chart`);
        const next = boxes[index + 1];
        if (next && next.box.left < box.right) problems.push(`${name}: "${text}" overlaps "${next.text}"`);
      });
    }
    return { problems, labels };
  });
}

/** The y axes a chart draws, as their tick labels, and the units its axes name. */
function yAxes(page: Page, title: string): Promise<{ axes: string[][]; units: string[] }> {
  return page.evaluate((name) => {
    const chart = [...document.querySelectorAll('section[aria-label]')].find((section) => section.getAttribute('aria-label') === name);
    const texts = (parent: Element) => [...parent.querySelectorAll('text')].map((text) => text.textContent ?? '');
    return {
      axes: chart ? [...chart.querySelectorAll('.recharts-yAxis-tick-labels')].map(texts) : [],
      units: chart ? [...chart.querySelectorAll('.recharts-label')].map((label) => label.textContent ?? '') : [],
    };
  }, title);
}

for (const locale of ['en-US', 'so'] as const) {
  test(`the charts' time axes never overlap or run past a chart at any width, and a second axis is another unit (${locale})`, async ({
    newAdminPage,
    adminToken,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[locale];
    const page = await newAdminPage({ locale, viewport: { width: WIDTHS[0], height: 900 } });
    await page.goto('/dashboard');
    await networkQuiet(page);
    const trends = page.getByRole('region', { name: texts.trends, exact: true });
    await trends.getByRole('heading', { name: texts.trends }).scrollIntoViewIfNeeded();
    for (const preset of texts.presets) {
      await trends.getByText(preset, { exact: true }).click();
      await networkQuiet(page);
      await expect(trends.locator('svg.recharts-surface')).toHaveCount(6);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // The charts take their new width from a resize observer: poll until every axis is right.
        await expect.poll(async () => (await axisProblems(page)).problems, { message: `${preset} at ${width} px` }).toEqual([]);
      }
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    }

    // The last 30 days again: a weekly chart whose first week is cut short labels none of its days
    // (the tooltip and the table still name them); its first whole week starts the labels.
    await trends.getByText(texts.presets[1], { exact: true }).click();
    await networkQuiet(page);
    const range = await page.evaluate(() => {
      const today = Date.now();
      return { from: new Date(today - 29 * 86_400_000).toISOString().slice(0, 10), to: new Date(today).toISOString().slice(0, 10) };
    });
    const answer = await page.request.get('/api/admin/dashboard/charts/cancellations', { params: range, headers: { authorization: `Bearer ${adminToken}` } });
    const [first, second] = ((await answer.json()) as { points: { from: string; to: string }[] }).points;
    const days = (point: { from: string; to: string }) => (Date.parse(point.to) - Date.parse(point.from)) / 86_400_000 + 1;
    expect(days(second)).toBe(7);
    // The first week's first day as the charts write it: the cancellations chart's table names it.
    const cancellations = trends.getByRole('region', { name: texts.cancellations });
    await cancellations.getByText(texts.table, { exact: true }).click();
    const firstDay = ((await cancellations.getByRole('rowheader').first().textContent()) ?? '').split(' – ')[0];
    expect(firstDay).toBe(texts.day(first.from));
    const hostLabels = async () => (await axisProblems(page)).labels[texts.hosts] ?? [];
    await expect.poll(hostLabels).toContain(texts.day(second.from));
    // A whole first week (a range from a Monday) keeps its label; a cut one has none.
    expect((await hostLabels()).includes(firstDay)).toBe(days(first) === 7);

    // Gross booking value: sums and averages are both dollars, drawn on one axis. The hosts chart:
    // new hosts and the backlog are both hosts, one axis. First replies: conversations on the left,
    // the minutes to a reply on a right axis that names its unit.
    expect((await yAxes(page, texts.value)).axes).toHaveLength(1);
    expect((await yAxes(page, texts.hosts)).axes).toHaveLength(1);
    const chats = await yAxes(page, texts.chats);
    expect(chats.axes).toHaveLength(2);
    expect(chats.units).toEqual([texts.minutes]);
  });
}
