// Adding a list as docs/adding-a-resource.md says: its five files (tests/fixtures/new-list: the
// definition, the source with its table, the page, the two catalogues) are dropped into a copy of the
// tree, `npm run db:generate` writes its migration, and nothing else is edited. The copy then proves
// every derivation: the files compile; the server built from the copy answers the list's three forms,
// every sort both ways, the status filter and exact totals from the counter its source brought; the
// permission its readers make refuses another role; the web registry and the journeys have its entry.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'tests', 'fixtures', 'new-list');
/** What the copy leaves out: installed packages (linked instead), builds, data and git. */
const LEFT_OUT = new Set(['node_modules', 'dist', 'build', '.git', 'data', '.bench', 'test-results', 'playwright-report']);
const ADMIN = { email: 'admin@new-list.test', password: 'a long enough secret for the copy' };

const filesUnder = (folder: string): string[] =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [path.relative(fixtures, file)];
  });

let tree: string;
/** The files `npm run db:generate` wrote into the copy. */
let migration: string[] = [];
let app: FastifyInstance;
let closeDatabase: () => Promise<void>;
let execute: (statement: ReturnType<typeof sql>) => Promise<unknown>;
const tokens: Record<'administrator' | 'moderator' | 'viewer', string> = { administrator: '', moderator: '', viewer: '' };

function run(command: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', ...command.split('/')), ...args], { cwd: tree, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`signing in as ${email} failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

const get = (url: string, token: string | undefined = tokens.administrator) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-new-list-'));
  fs.cpSync(root, tree, { recursive: true, filter: (source) => !LEFT_OUT.has(path.relative(root, source).split(path.sep)[0]) });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  fs.cpSync(fixtures, tree, { recursive: true });

  const migrations = path.join(tree, 'server', 'db', 'migrations');
  const before = new Set(fs.readdirSync(migrations));
  const generated = run('drizzle-kit/bin.cjs', ['generate', '--name', 'reports']);
  if (generated.status !== 0) throw new Error(`npm run db:generate failed: ${generated.output}`);
  migration = fs
    .readdirSync(migrations)
    .filter((file) => !before.has(file))
    .map((file) => fs.readFileSync(path.join(migrations, file), 'utf8'));

  const { openPglite } = await import(path.join(tree, 'server', 'db', 'client.ts'));
  const { readConfig } = await import(path.join(tree, 'server', 'config.ts'));
  const { buildApp } = await import(path.join(tree, 'server', 'app.ts'));
  const handle = await openPglite({});
  await handle.migrate();
  closeDatabase = () => handle.close();
  execute = (statement) => handle.db.execute(statement);
  const config = {
    ...readConfig({ DATA_DIR: '/nonexistent', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    maxEventLoopDelayMs: 0,
    passwordHashing: { N: 2 ** 10, r: 8, p: 1 },
  };
  app = await buildApp({ handle, config });
  await app.services.auth.ensureFirstAdministrator(ADMIN);
  await app.ready();
  tokens.administrator = await signIn(ADMIN.email, ADMIN.password);
  for (const role of ['moderator', 'viewer'] as const) {
    const member = { name: `A ${role}`, email: `${role}@new-list.test`, role, password: `a long enough ${role} secret` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { authorization: `Bearer ${tokens.administrator}` },
      payload: member,
    });
    if (created.statusCode !== 201) throw new Error(`adding a ${role} failed: ${created.body}`);
    tokens[role] = await signIn(member.email, member.password);
  }
}, 240_000);

afterAll(async () => {
  await app?.close();
  await closeDatabase?.();
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
});

type Report = { id: number; title: string; status: 'open' | 'closed'; createdAt: string };

async function insertReports(count: number, offset: number): Promise<void> {
  const values = Array.from({ length: count }, (_, index) => {
    const number = offset + index;
    // Titles and times out of id order, so each sort has an order of its own to prove.
    return sql`(${`Report ${String((number * 7) % 31).padStart(2, '0')}`}, ${number % 3 === 0 ? 'closed' : 'open'}, ${new Date(Date.UTC(2026, 10, 1, (number * 5) % 24))})`;
  });
  await execute(sql`INSERT INTO reports (title, status, created_at) VALUES ${sql.join(values, sql`, `)}`);
}

describe('docs/adding-a-resource.md', () => {
  const document = fs.readFileSync(path.join(root, 'docs', 'adding-a-resource.md'), 'utf8');

  it('shows each fixture file as the fixture has it, and names every one of them', () => {
    // Each step's heading names its file; its TypeScript, TSX and JSON blocks are that file's text.
    const steps = document.split(/^## /m).slice(1);
    let blocks = 0;
    for (const step of steps) {
      const file = /^\d+\. [^\n]*?`([^`]+)`/.exec(step)?.[1];
      for (const [, code] of step.matchAll(/```(?:ts|tsx|json)\n([\s\S]*?)```/g)) {
        expect(file, `a code block under "## ${step.split('\n')[0]}" names no file`).toBeDefined();
        expect(fs.readFileSync(path.join(fixtures, file as string), 'utf8'), `${file} as the document shows it`).toContain(code);
        blocks += 1;
      }
    }
    expect(blocks).toBeGreaterThanOrEqual(5);
    for (const file of filesUnder(fixtures)) expect(document, `the document names ${file}`).toContain(`\`${file}\``);
  });

  it('generates the migration with the command it gives', () => {
    expect(document).toContain('npm run db:generate -- --name reports');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['db:generate']).toBe('drizzle-kit generate');
  });
});

describe('a list added by its five files', () => {
  it('gets its table from the generated migration', () => {
    expect(migration).toHaveLength(1);
    expect(migration[0]).toContain('CREATE TABLE "reports"');
  });

  it('compiles', () => {
    const files = filesUnder(fixtures).filter((file) => /\.tsx?$/.test(file));
    fs.writeFileSync(path.join(tree, 'tsconfig.new-list.json'), JSON.stringify({ extends: './tsconfig.json', include: files, exclude: [] }));
    const checked = run('typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.new-list.json']);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  }, 180_000);

  it('answers its three forms, with exact totals from the counter its source brings, after inserts and deletes', async () => {
    await insertReports(25, 0);
    await execute(sql`DELETE FROM reports WHERE id IN (2, 3, 5)`);
    const rows = (await get('/api/admin/reports')).json<Report[]>();
    expect(rows).toHaveLength(22);
    const open = rows.filter((row) => row.status === 'open').length;

    const page = await get('/api/admin/reports?page=1&pageSize=10');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('22');
    expect(page.json<Report[]>()).toHaveLength(10);
    const filtered = await get('/api/admin/reports?page=1&pageSize=100&status=open');
    expect(filtered.headers['x-total-count']).toBe(String(open));
    expect(filtered.json<Report[]>().every((row) => row.status === 'open')).toBe(true);
    // The totals are read from the counter the generic trigger keeps, not counted.
    const counters = await execute(sql`SELECT name, sum(value)::int AS value FROM list_counters WHERE name LIKE 'reports%' GROUP BY name ORDER BY name`);
    expect((counters as { rows: unknown[] }).rows).toEqual([
      { name: 'reports', value: 22 },
      { name: 'reports:closed', value: 22 - open },
      { name: 'reports:open', value: open },
    ]);

    const csv = await get('/api/admin/reports?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,title,status,createdAt');
    expect(lines).toHaveLength(23);
  });

  it('sorts by every declared sort, both ways, the id breaking ties', async () => {
    const rows = (await get('/api/admin/reports')).json<Report[]>();
    const fields = { createdAt: 'createdAt', title: 'title', status: 'status' } as const;
    for (const [sort, field] of Object.entries(fields)) {
      for (const order of ['asc', 'desc'] as const) {
        const answer = await get(`/api/admin/reports?page=1&pageSize=100&sort=${sort}&order=${order}`);
        expect(answer.statusCode).toBe(200);
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...rows].sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id - b.id));
        expect(answer.json<Report[]>().map((row) => row.id)).toEqual(expected.map((row) => row.id));
      }
    }
    expect((await get('/api/admin/reports?page=1&sort=id')).statusCode).toBe(400);
  });

  it('finds a row by its declared search field, and by its id as 7 or #7 (idSearch)', async () => {
    const search = async (q: string) => {
      const answer = await get(`/api/admin/reports?page=1&pageSize=100&q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBe(200);
      return { ids: answer.json<Report[]>().map((row) => row.id), total: Number(answer.headers['x-total-count']) };
    };
    const rows = (await get('/api/admin/reports')).json<Report[]>();
    // No title holds '#': only the row with that id.
    expect(await search('#7')).toEqual({ ids: [7], total: 1 });
    // '7' is also in some titles: those rows and row 7 (whose title, "Report 11", holds no 7).
    const sevens = rows.filter((row) => row.id === 7 || row.title.includes('7')).map((row) => row.id);
    const plain = await search('7');
    expect(plain.ids.sort((a, b) => a - b)).toEqual(sevens.sort((a, b) => a - b));
    expect(plain.total).toBe(sevens.length);
    expect((await search('Report 11')).ids).toContain(7);
  });

  it('is read by its readers alone: 401 without a token, 403 to a role it does not name', async () => {
    expect((await get('/api/admin/reports?page=1', '')).statusCode).toBe(401);
    expect((await get('/api/admin/reports?page=1', tokens.viewer)).statusCode).toBe(403);
    expect((await get('/api/admin/reports?page=1', tokens.moderator)).statusCode).toBe(200);
    // The CSV is an export: the moderator holds `export` too, the viewer neither.
    expect((await get('/api/admin/reports?format=csv', tokens.viewer)).statusCode).toBe(403);
  });

  it("has its readers' row in docs/product.md's roles table once `npm run docs:roles` has written it", () => {
    const product = path.join(tree, 'docs', 'product.md');
    expect(fs.readFileSync(product, 'utf8')).not.toContain('| Reports |');
    const written = run('tsx/dist/cli.mjs', ['scripts/docs-roles.ts']);
    expect(written.output).toContain('the roles table is written');
    expect(written.status).toBe(0);
    expect(fs.readFileSync(product, 'utf8')).toContain('| Reports | read | read | read | |');
  }, 60_000);

  it('fills its demo rows, numbered of its own, when the demo data set is seeded into an empty database', async () => {
    const { openPglite } = await import(path.join(tree, 'server', 'db', 'client.ts'));
    const { seedDemo } = await import(path.join(tree, 'server', 'db', 'seed', 'demo.ts'));
    const demoRows = async () => {
      const empty = await openPglite({});
      try {
        await empty.migrate();
        const summary = await seedDemo(empty, { referenceDate: new Date('2026-11-01T00:00:00Z') });
        expect(summary.isSkipped).toBe(false);
        const { rows } = await empty.db.execute(sql`SELECT title, status, created_at FROM reports ORDER BY id`);
        return rows as { title: string; status: string }[];
      } finally {
        await empty.close();
      }
    };
    const first = await demoRows();
    expect(first).toHaveLength(12);
    expect(first[0]).toMatchObject({ title: 'Broken shower' });
    expect(new Set(first.map((row) => row.status))).toEqual(new Set(['open', 'closed']));
    // The same rows at every start.
    expect(await demoRows()).toEqual(first);
  }, 120_000);

  it('has its entry in the web registry, with its icon, permission, path and screen', async () => {
    const { RESOURCES } = await import(path.join(tree, 'src', 'admin', 'resources.ts'));
    const { MENU_ICONS } = await import(path.join(tree, 'src', 'admin', 'icons.tsx'));
    const { SCREENS } = await import(path.join(tree, 'src', 'admin', 'screens.ts'));
    const entry = (RESOURCES as { name: string }[]).find((resource) => resource.name === 'reports');
    expect(entry).toMatchObject({
      icon: MENU_ICONS.comment,
      access: 'reports.read',
      labelKey: 'admin.nav.reports',
      routes: { list: '/reports' },
      endpoints: { getList: { path: 'admin/reports' } },
      filterFields: ['q', 'status'],
    });
    const names = (RESOURCES as { name: string }[]).map((resource) => resource.name);
    expect(names.indexOf('reports')).toBe(names.indexOf('feedbacks') + 1);
    expect(SCREENS.reports.list).toBeDefined();
    // The journeys that open every screen open it too.
    const { LIST_SCREENS } = await import(path.join(tree, 'tests', 'e2e', 'admin-lists.ts'));
    expect(LIST_SCREENS).toContain('/reports');
  });
});
