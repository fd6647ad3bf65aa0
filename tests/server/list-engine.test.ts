// The list engine: every list declared by a definition answers its three forms the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definition as bookingList } from '../../src/contracts/lists/bookings';
import { definition as emailSubscriberList } from '../../src/contracts/lists/email-subscribers';
import { definition as feedbackList } from '../../src/contracts/lists/feedbacks';
import { definition as hostInformationList } from '../../src/contracts/lists/host-information';
import { definition as hostList } from '../../src/contracts/lists/hosts';
import { csvHeaderOf } from '../../src/contracts/list-resource';
import { definition as listingList } from '../../src/contracts/lists/listings';
import { definition as propertyApprovalList } from '../../src/contracts/lists/property-approvals';
import { seedDemo } from '../../server/db/seed/demo';
import { createTestApp, type TestApp } from './helpers/app';

const LISTS = [hostList, bookingList, feedbackList, listingList, propertyApprovalList, hostInformationList, emailSubscriberList].map((definition) =>
  definition(),
);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.handle, { referenceDate: new Date('2026-11-01T09:00:00Z') });
  token = await t.login();
}, 120_000);
afterAll(() => t.close());

describe('lists from their definitions', () => {
  it.each(LISTS.map((list) => [list.name, list] as const))(
    '%s: the whole array is every row, and the pages walk it with an exact total',
    async (_name, list) => {
      for (const path of list.paths) {
        const whole = await t.request({ method: 'GET', url: path, token });
        expect(whole.statusCode).toBe(200);
        const everything = whole.json<unknown[]>();
        const first = await t.request({ method: 'GET', url: `${path}?page=1&pageSize=${list.pageSize}`, token });
        expect(first.statusCode).toBe(200);
        expect(Number(first.headers['x-total-count'])).toBe(everything.length);
        expect(first.json<unknown[]>().length).toBe(Math.min(list.pageSize, everything.length));
        // Each row has exactly the JSON names the definition declares.
        for (const row of first.json<Record<string, unknown>[]>()) expect(Object.keys(row).sort()).toEqual(Object.keys(list.row.shape).sort());
      }
    },
  );

  it.each(LISTS.map((list) => [list.name, list] as const))(
    '%s: every declared sort, both orders, pages without error; an undeclared one is 400',
    async (_name, list) => {
      for (const sort of list.sorts) {
        for (const order of ['asc', 'desc']) {
          const answer = await t.request({ method: 'GET', url: `${list.paths[0]}?page=2&sort=${encodeURIComponent(sort)}&order=${order}`, token });
          expect(answer.statusCode, `${sort} ${order}`).toBe(200);
        }
      }
      expect((await t.request({ method: 'GET', url: `${list.paths[0]}?page=1&sort=nope`, token })).statusCode).toBe(400);
    },
  );

  const withCsv = LISTS.flatMap((list) => (list.csvColumns ? [[list.name, list, list.csvColumns] as const] : []));
  const withoutCsv = LISTS.filter((list) => !list.csvColumns).map((list) => [list.name, list] as const);

  it.each(withCsv)('%s: format=csv is the CSV its definition declares, every row once', async (_name, list, columns) => {
    const answer = await t.request({ method: 'GET', url: `${list.paths[0]}?format=csv`, token });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${list.name}.csv"`);
    const [header, ...lines] = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(columns.map(csvHeaderOf).join(','));
    const whole = (await t.request({ method: 'GET', url: list.paths[0], token })).json<unknown[]>();
    expect(lines.length).toBe(whole.length);
  });

  it.each(withoutCsv)('%s: format=csv is refused with 400, not answered with JSON', async (_name, list) => {
    expect(withoutCsv.length + withCsv.length).toBe(LISTS.length);
    expect((await t.request({ method: 'GET', url: `${list.paths[0]}?format=csv`, token })).statusCode).toBe(400);
  });
});
