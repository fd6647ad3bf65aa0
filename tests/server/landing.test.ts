import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hostInformationTable } from '../../server/modules/landing/landing.repository';
import { tableListSource } from '../../server/lib/table-list-source';
import { neutralizeFormula } from '../../server/lib/streams';
import { signedInTestApp } from './helpers/app';

const t = signedInTestApp({ rateLimitPublic: 3 });
let addressCounter = 0;

/** Each call comes from its own client address unless told, so the rate limit of one test does not reach another. */
const postPublic = (url: string, payload: unknown, remoteAddress = `10.1.0.${(addressCounter += 1)}`) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
const get = (url: string) => t.request({ method: 'GET', url, token: t.token });

const hostForm = { name: 'Farah Ali', email: 'farah@example.com', phone: '+252 61 555 0101', address: '7 Airport Road, Mogadishu' };

describe('POST /api/data/add-host-information', () => {
  it('answers 201 without a token and stores every field exactly as sent', async () => {
    const exotic = {
      name: '  Fàrah "Ali" 🏠  ',
      email: ' <script>alert(1)</script> ',
      phone: '=HYPERLINK("x")',
      address: 'شارع المطار، مقديشو\n2nd line',
    };
    const response = await postPublic('/api/data/add-host-information', exotic);
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('{"received":true}');
    const [{ id, ...row }] = await t.handle.query<{ id: number; name: string; email: string; phone: string; address: string }>(
      sql`SELECT id, name, email, phone, address FROM host_interest_submissions ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual(exotic);
    const listed = (await get('/api/admin/host-information')).json<Array<Record<string, unknown>>>();
    expect(listed.find((item) => item.id === id)).toMatchObject(exotic);
  });

  it('answers 400 for a missing field, a wrong type or an over-long value, and stores nothing', async () => {
    const [before] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM host_interest_submissions`);
    const bad = [
      { ...hostForm, phone: undefined },
      { ...hostForm, name: 42 },
      { ...hostForm, address: ['x'] },
      { ...hostForm, name: 'x'.repeat(321) },
      { ...hostForm, address: 'x'.repeat(5001) },
    ];
    for (const payload of bad) {
      const response = await postPublic('/api/data/add-host-information', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const [after] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM host_interest_submissions`);
    expect(after.total).toBe(before.total);
  });

  it('limits posts per client address per minute with 429 and Retry-After', async () => {
    const address = '10.9.0.1';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postPublic('/api/data/add-host-information', hostForm, address)).statusCode).toBe(201);
    }
    const limited = await postPublic('/api/data/add-email-subscriber', { email: 'limited@example.com' }, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/try again later/);
    expect((await postPublic('/api/data/add-host-information', hostForm, '10.9.0.2')).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await postPublic('/api/data/add-host-information', hostForm, address)).statusCode).toBe(201);
  });

  it('counts an IPv6 /64 as one client address: another address of the /64 shares the limit, another /64 does not', async () => {
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ab:cd:ef:12']) {
      expect((await postPublic('/api/data/add-email-subscriber', { email: `${address.replaceAll(':', '-')}@example.com` }, address)).statusCode).toBe(201);
    }
    expect((await postPublic('/api/data/add-host-information', hostForm, '2001:db8:7:1:ffff::9')).statusCode).toBe(429);
    expect((await postPublic('/api/data/add-host-information', hostForm, '2001:db8:7:2::1')).statusCode).toBe(201);
  });
});

describe('POST /api/data/add-host-information answers', () => {
  it('the same body for every submission, so it reveals no row id and no count', async () => {
    const first = await postPublic('/api/data/add-host-information', hostForm);
    const second = await postPublic('/api/data/add-host-information', { ...hostForm, name: 'Another Host' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.body).toBe('{"received":true}');
    expect(second.body).toBe(first.body);
  });
});

describe('POST /api/data/add-email-subscriber', () => {
  it('keeps one row for the same address in any letter case', async () => {
    const first = await postPublic('/api/data/add-email-subscriber', { email: 'Same.Person@Example.com' });
    const second = await postPublic('/api/data/add-email-subscriber', { email: 'same.person@example.COM' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const rows = await t.handle.query<{ email: string }>(sql`SELECT email FROM email_subscribers WHERE lower(email) = 'same.person@example.com'`);
    expect(rows).toEqual([{ email: 'Same.Person@Example.com' }]);
  });

  it('answers a new address and one already on the list alike: same status, byte-identical body, no id', async () => {
    const address = `repeat${Date.now()}@example.com`;
    const answers = [
      await postPublic('/api/data/add-email-subscriber', { email: address }),
      await postPublic('/api/data/add-email-subscriber', { email: address }),
      await postPublic('/api/data/add-email-subscriber', { email: address.toUpperCase() }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.body).toBe('{"received":true}');
      expect(answer.headers['content-type']).toBe(answers[0].headers['content-type']);
      expect(answer.headers['content-length']).toBe(answers[0].headers['content-length']);
    }
    const rows = await t.handle.query<{ email: string }>(sql`SELECT email FROM email_subscribers WHERE lower(email) = ${address}`);
    expect(rows).toEqual([{ email: address }]);
  });

  it('refuses an invalid address with the screen message', async () => {
    for (const email of ['not-an-email', 'a@b', 'a b@c.de', ' a@b.co', '', 42]) {
      const response = await postPublic('/api/data/add-email-subscriber', { email });
      expect(response.statusCode, String(email)).toBe(400);
      expect(response.json().message).toBe('Please enter a valid email address');
    }
    expect((await postPublic('/api/data/add-email-subscriber', {})).statusCode).toBe(400);
  });
});

describe('GET /api/admin/host-information and /api/admin/email-subscribers', () => {
  it('refuses a call without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/host-information' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/email-subscribers?format=csv' })).statusCode).toBe(401);
  });

  it('answers newest first, 10 per page by default, with X-Total-Count', async () => {
    const marker = `pager${Date.now()}`;
    for (let index = 0; index < 12; index += 1) {
      t.clock.advance(1000);
      await postPublic('/api/data/add-email-subscriber', { email: `${marker}.${index}@example.com` });
    }
    const page = await get(`/api/admin/email-subscribers?q=${marker}`);
    expect(page.headers['x-total-count']).toBe('12');
    const emails = page.json<Array<{ email: string }>>().map((row) => row.email);
    expect(emails).toHaveLength(10);
    expect(emails[0]).toBe(`${marker}.11@example.com`);
    const whole = (await get('/api/admin/email-subscribers')).json<Array<{ email: string; createdAt: string }>>();
    const mine = whole.filter((row) => row.email.startsWith(marker)).map((row) => row.email);
    expect(mine[0]).toBe(`${marker}.11@example.com`);
    expect(mine).toHaveLength(12);
    const sortMarker = `sorted${Date.now()}`;
    for (const letter of ['b', 'c', 'a']) await postPublic('/api/data/add-email-subscriber', { email: `${sortMarker}${letter}@example.com` });
    const emailsSorted = async (order: string) =>
      (await get(`/api/admin/email-subscribers?q=${sortMarker}&sort=email&order=${order}`))
        .json<Array<{ email: string }>>()
        .map((row) => row.email.slice(sortMarker.length, sortMarker.length + 1));
    expect(await emailsSorted('asc')).toEqual(['a', 'b', 'c']);
    expect(await emailsSorted('desc')).toEqual(['c', 'b', 'a']);
  });

  it('searches every text column literally', async () => {
    await postPublic('/api/data/add-host-information', { ...hostForm, address: 'Block 100% North_Side' });
    await postPublic('/api/data/add-host-information', { ...hostForm, address: 'Block 1000 NorthXSide' });
    const percent = (await get(`/api/admin/host-information?q=${encodeURIComponent('100%')}`)).json<Array<{ address: string }>>();
    expect(percent.map((row) => row.address)).toEqual(['Block 100% North_Side']);
    const underscore = (await get(`/api/admin/host-information?q=${encodeURIComponent('north_side')}`)).json<Array<{ address: string }>>();
    expect(underscore.map((row) => row.address)).toEqual(['Block 100% North_Side']);
    await postPublic('/api/data/add-host-information', { ...hostForm, name: 'Searchable Name Zq', phone: '+252 99 777' });
    expect((await get('/api/admin/host-information?q=name%20zq')).json()).toHaveLength(1);
    expect((await get('/api/admin/host-information?q=99%20777')).json()).toHaveLength(1);
  });

  it('answers 400 for an unknown sort or format', async () => {
    expect((await get('/api/admin/host-information?sort=id')).statusCode).toBe(400);
    expect((await get('/api/admin/email-subscribers?format=xlsx')).statusCode).toBe(400);
    expect((await get('/api/admin/email-subscribers?status=active')).statusCode).toBe(400);
  });

  it('downloads CSV of the searched rows with quoting and formula cells neutralized', async () => {
    const marker = `csv${Date.now()}`;
    await postPublic('/api/data/add-host-information', {
      name: `${marker} "Quoted", Name`,
      email: `=HYPERLINK("http://evil.example","x")`,
      phone: '+252 61 555 0101',
      address: 'Line one\nLine two 🏠',
    });
    const response = await get(`/api/admin/host-information?format=csv&q=${marker}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="host-information.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,name,email,phone,address,createdAt');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+,"${marker} ""Quoted"", Name","'=HYPERLINK\\(""http://evil.example"",""x""\\)",\\+252 61 555 0101,"Line one\nLine two 🏠",\\d{4}-\\d{2}-\\d{2}T[^,]+Z$`,
        'u',
      ),
    );
    expect(lines).toEqual([lines[0], lines[1], '']);
  });

  it('neutralizes formulas that follow a separator inside a value in the CSV, and keeps the JSON as sent', async () => {
    const marker = `sep${Date.now()}`;
    const sent = { name: `${marker};=HYPERLINK("http://evil")`, email: 'a,=1+1', phone: '+252 61 555 0101', address: 'Block 5;-12.5\n@SUM(A1)' };
    await postPublic('/api/data/add-host-information', sent);
    const response = await get(`/api/admin/host-information?format=csv&q=${marker}`);
    expect(response.statusCode).toBe(200);
    const listed = (await get(`/api/admin/host-information?q=${marker}`)).json<Array<Record<string, unknown>>>();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject(sent);
    const { id, createdAt } = listed[0];
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'id,name,email,phone,address,createdAt',
      `${id},"${marker};'=HYPERLINK(""http://evil"")","a,'=1+1",+252 61 555 0101,"Block 5;-12.5\n'@SUM(A1)",${createdAt}`,
      '',
    ]);
  });

  it('downloads every subscriber as CSV without search', async () => {
    const [count] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM email_subscribers`);
    const response = await get('/api/admin/email-subscribers?format=csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="email-subscribers.csv"');
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(count.total + 1);
  });
});

describe('neutralizeFormula', () => {
  it('prefixes an apostrophe to values a spreadsheet would run, and leaves numbers and phones alone', () => {
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeFormula('+cmd|calc')).toBe("'+cmd|calc");
    expect(neutralizeFormula('-2+3 eval')).toBe("'-2+3 eval");
    // A tab also separates cells in import dialogs, so the piece after it is neutralized too.
    expect(neutralizeFormula('\t=x')).toBe("'\t'=x");
    expect(neutralizeFormula('\r@x')).toBe("'\r'@x");
    expect(neutralizeFormula('+252 61 555 0101')).toBe('+252 61 555 0101');
    expect(neutralizeFormula('-12.5')).toBe('-12.5');
    expect(neutralizeFormula('Plain = text')).toBe('Plain = text');
  });

  it('neutralizes a formula after a separator, quote or line break, where a spreadsheet may start a new cell', () => {
    expect(neutralizeFormula('x;=HYPERLINK("http://evil")')).toBe(`x;'=HYPERLINK("http://evil")`);
    expect(neutralizeFormula('a,=1+1')).toBe("a,'=1+1");
    expect(neutralizeFormula('a"@SUM(A1)')).toBe(`a"'@SUM(A1)`);
    expect(neutralizeFormula('line one\n-2+3 eval')).toBe("line one\n'-2+3 eval");
    expect(neutralizeFormula('a\t+cmd|calc')).toBe("a\t'+cmd|calc");
    expect(neutralizeFormula('=1;=2,=3')).toBe("'=1;'=2,'=3");
    expect(neutralizeFormula(';;=x')).toBe(";;'=x");
  });

  it('leaves plain text, numbers and phone numbers after separators exactly as sent', () => {
    for (const text of [
      'Hodan, Mogadishu',
      'x; y = z',
      'Tel 061; +252 61 555 0101',
      'between -12.5, +3',
      'price: 10, -2.5',
      'a = b + c - d @ e',
      'Line one\nLine two 🏠',
      '',
    ]) {
      expect(neutralizeFormula(text), JSON.stringify(text)).toBe(text);
    }
  });

  it('takes linear time on long hostile values', () => {
    const hostile = [';='.repeat(2500), '\t'.repeat(5000), `=${'a'.repeat(4999)}`, `-${' 1'.repeat(2499)}x`, ';-'.repeat(2500)];
    const started = performance.now();
    for (let round = 0; round < 20; round += 1) for (const text of hostile) neutralizeFormula(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(neutralizeFormula(';='.repeat(3))).toBe(";'=;'=;'=");
  });
});

describe('export batches', () => {
  it('walks every row once in list order by keyset, also across equal timestamps and batch edges', async () => {
    const source = tableListSource({
      db: t.handle.db,
      ...hostInformationTable,
      toRow: (record: { id: number }) => record.id,
      batchSize: 2,
    });
    const marker = `keyset${Date.now()}`;
    for (let index = 0; index < 5; index += 1) {
      await postPublic('/api/data/add-host-information', { ...hostForm, name: `${marker} ${index}` });
    }
    const pattern = `%${marker}%`;
    for (const order of ['asc', 'desc'] as const) {
      const seen: number[] = [];
      for await (const ids of source.batches({ pattern, sort: 'createdAt', order })) seen.push(...ids);
      const expected = await source.page({ pattern, sort: 'createdAt', order, limit: 100, offset: 0 });
      expect(seen).toEqual(expected);
      expect(seen).toHaveLength(5);
    }
  });
});
