// Adding a list as docs/adding-a-resource.md says: its five files (tests/fixtures/new-list: the
// definition, the source with its table, the page, the two catalogues) are dropped into a copy of the
// tree, `npm run db:generate` writes its migration, and nothing else is edited. The copy then proves
// every derivation: the files compile; the server built from the copy answers the list's three forms,
// every sort both ways, the status filter and exact totals from the counter its source brought; the
// permission its readers make refuses another role; the web registry and the journeys have its entry.
// Then, in the same copy, docs/adding-an-action.md adds Close to the list (tests/fixtures/new-action:
// the four files of the list as that document leaves them, one line of src/contracts/statuses.ts, a
// generated migration, the roles table written again), and the tests at the end prove it over HTTP on
// this copy: one copy, one type-check and one server for both documents.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'tests', 'fixtures', 'new-list');
const actionFixtures = path.join(root, 'tests', 'fixtures', 'new-action');
/** What the copy leaves out: installed packages (linked instead), builds, data and git. */
const LEFT_OUT = new Set(['node_modules', 'dist', 'build', '.git', 'data', '.bench', 'test-results', 'playwright-report']);
const ADMIN = { email: 'admin@new-list.test', password: 'a long enough secret for the copy' };

const filesUnder = (folder: string, base = fixtures): string[] =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(file, base) : [path.relative(base, file)];
  });

/** docs/adding-an-action.md's one edit beyond the list's files: the audit trail's new kind of record, at the end of its list. */
export const AUDIT_KINDS_LINE = /^(export const AUDIT_ENTITY_TYPES = \[[^\]\n]*)\] as const;$/m;

/** Each file of the tree (but the left-out folders) with its text's hash, to count what a step created and edited. */
function treeState(folder: string): Map<string, string> {
  const state = new Map<string, string>();
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      const relative = path.relative(folder, file);
      if (LEFT_OUT.has(relative.split(path.sep)[0]) || relative.startsWith('tsconfig.new-list')) continue;
      if (entry.isDirectory()) walk(file);
      else state.set(relative, createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  };
  walk(folder);
  return state;
}

/** What docs/adding-an-action.md did to the copy: the files it created and edited, by path. */
export interface ActionStep {
  created: string[];
  edited: string[];
  /** The generated migration's SQL. */
  migration: string;
  /** docs/product.md's roles table row of Reports before and after `npm run docs:roles`. */
  rolesRow: { before: string; after: string };
}

let tree: string;
/** The files `npm run db:generate` wrote into the copy. */
let migration: string[] = [];
let app: FastifyInstance;
let closeDatabase: () => Promise<void>;
let execute: (statement: ReturnType<typeof sql>) => Promise<unknown>;
const tokens: Record<'administrator' | 'moderator' | 'support' | 'viewer', string> = { administrator: '', moderator: '', support: '', viewer: '' };
/** The roles table's Reports row once the list alone is added (step 6 of docs/adding-a-resource.md). */
let listRolesRow = '';
let actionStep: ActionStep;

const rolesRowOf = (copy: string) => /^\| Reports \|.*$/m.exec(fs.readFileSync(path.join(copy, 'docs', 'product.md'), 'utf8'))?.[0] ?? '';

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
  // docs/adding-a-resource.md step 6, on the list alone.
  const listRoles = run('tsx/dist/cli.mjs', ['scripts/docs-roles.ts']);
  if (listRoles.status !== 0) throw new Error(`npm run docs:roles failed: ${listRoles.output}`);
  listRolesRow = rolesRowOf(tree);

  // docs/adding-an-action.md, on the same copy: the list's four files as it leaves them, the audit
  // trail's new kind, the migration of the column the compare-and-set sets, the roles table again.
  const beforeAction = treeState(tree);
  fs.cpSync(actionFixtures, tree, { recursive: true });
  const statuses = path.join(tree, 'src', 'contracts', 'statuses.ts');
  const kinds = fs.readFileSync(statuses, 'utf8');
  if (!AUDIT_KINDS_LINE.test(kinds)) throw new Error('src/contracts/statuses.ts has no AUDIT_ENTITY_TYPES line as docs/adding-an-action.md shows it');
  fs.writeFileSync(statuses, kinds.replace(AUDIT_KINDS_LINE, "$1, 'report'] as const;"));
  const beforeColumn = new Set(fs.readdirSync(migrations));
  const column = run('drizzle-kit/bin.cjs', ['generate', '--name', 'reports-updated-at']);
  if (column.status !== 0) throw new Error(`npm run db:generate failed: ${column.output}`);
  const columnMigration = fs.readdirSync(migrations).filter((file) => !beforeColumn.has(file));
  const actionRoles = run('tsx/dist/cli.mjs', ['scripts/docs-roles.ts']);
  if (actionRoles.status !== 0) throw new Error(`npm run docs:roles failed: ${actionRoles.output}`);
  const afterAction = treeState(tree);
  actionStep = {
    created: [...afterAction.keys()].filter((file) => !beforeAction.has(file)).sort(),
    edited: [...afterAction]
      .filter(([file, hash]) => beforeAction.has(file) && beforeAction.get(file) !== hash)
      .map(([file]) => file)
      .sort(),
    migration: columnMigration.map((file) => fs.readFileSync(path.join(migrations, file), 'utf8')).join('\n'),
    rolesRow: { before: listRolesRow, after: rolesRowOf(tree) },
  };

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
  for (const role of ['moderator', 'support', 'viewer'] as const) {
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
    const files = [...new Set([...filesUnder(fixtures), ...filesUnder(actionFixtures, actionFixtures)])].filter((file) => /\.tsx?$/.test(file));
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
    expect(fs.readFileSync(path.join(root, 'docs', 'product.md'), 'utf8')).not.toContain('| Reports |');
    // Written in the copy before docs/adding-an-action.md was followed (beforeAll).
    expect(listRolesRow).toBe('| Reports | read | read | read | |');
  });

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

const post = (url: string, payload: unknown, token: string | undefined) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** New open reports of the action's tests, by id. */
async function openReports(titles: string[]): Promise<number[]> {
  const values = titles.map((title) => sql`(${title}, 'open')`);
  const result = await execute(sql`INSERT INTO reports (title, status) VALUES ${sql.join(values, sql`, `)} RETURNING id`);
  return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

const statusOf = async (id: number) => ((await execute(sql`SELECT status FROM reports WHERE id = ${id}`)) as { rows: { status: string }[] }).rows[0]?.status;

describe('docs/adding-an-action.md', () => {
  const document = fs.readFileSync(path.join(root, 'docs', 'adding-an-action.md'), 'utf8');

  it("shows each step's code as the fixture (or the copy, for the one line beyond the list's files) has it, and names every fixture file", () => {
    const steps = document.split(/^## /m).slice(1);
    let blocks = 0;
    for (const step of steps) {
      const file = /^\d+\. [^\n]*?`([^`]+)`/.exec(step)?.[1];
      for (const [, code] of step.matchAll(/```(?:ts|tsx|json)\n([\s\S]*?)```/g)) {
        expect(file, `a code block under "## ${step.split('\n')[0]}" names no file`).toBeDefined();
        const inFixture = path.join(actionFixtures, file as string);
        const text = fs.existsSync(inFixture) ? fs.readFileSync(inFixture, 'utf8') : fs.readFileSync(path.join(tree, file as string), 'utf8');
        expect(text, `${file} as the document shows it`).toContain(code);
        blocks += 1;
      }
    }
    expect(blocks).toBeGreaterThanOrEqual(5);
    for (const file of filesUnder(actionFixtures, actionFixtures)) expect(document, `the document names ${file}`).toContain(`\`${file}\``);
    expect(document).toContain('npm run db:generate -- --name reports-updated-at');
    expect(document).toContain('npm run docs:roles');
  });

  it('creates and edits exactly the files it counts', () => {
    const numbered = (file: string) => file.replace(/\/\d{4}_/, '/00NN_').replace(/\/\d{4}_snapshot/, '/00NN_snapshot');
    expect(actionStep.created.map(numbered)).toEqual(['server/db/migrations/00NN_reports-updated-at.sql', 'server/db/migrations/meta/00NN_snapshot.json']);
    expect(actionStep.edited).toEqual(
      [
        'docs/product.md',
        'server/db/migrations/meta/_journal.json',
        'server/modules/reports/reports.repository.ts',
        'src/contracts/lists/reports.ts',
        'src/contracts/statuses.ts',
        'src/i18n/locales/en/admin-reports.json',
        'src/i18n/locales/so/admin-reports.json',
      ].sort(),
    );
    // The document's own count: "edits five files by hand ... two created and two edited by the commands".
    expect(document).toContain('five files by hand');
    expect(document).toContain('creates two and edits two');
  });

  it('generates the migration of the column the compare-and-set sets, and the roles row of the deciders', () => {
    expect(actionStep.migration).toContain('ALTER TABLE "reports" ADD COLUMN "updated_at"');
    // The statement the document quotes, as generated.
    expect(document).toContain(`(\`${actionStep.migration.trim()}\`)`);
    expect(actionStep.rolesRow).toEqual({ before: '| Reports | read | read | read | |', after: '| Reports | read, close | read, close | read | |' });
    expect(document).toContain(actionStep.rolesRow.after);
  });
});

describe('an action added by its declaration', () => {
  it('refuses no session (401) and a role without reports.decide (403) on each of its calls', async () => {
    const [id] = await openReports(['Refused close']);
    const calls = [
      { url: `/api/admin/reports/${id}/close`, body: { reason: 'duplicate' } },
      { url: '/api/admin/reports/decisions', body: { decision: 'close', reason: 'duplicate', ids: [id] } },
      { url: '/api/admin/reports/decisions/undo', body: { ids: [id] } },
    ];
    for (const { url, body } of calls) {
      expect((await post(url, body, undefined)).statusCode, url).toBe(401);
      // Support reads the list, but does not decide; the viewer does neither.
      expect((await post(url, body, tokens.support)).statusCode, url).toBe(403);
      expect((await post(url, body, tokens.viewer)).statusCode, url).toBe(403);
    }
    expect(await statusOf(id)).toBe('open');
  });

  it('closes one open report by compare-and-set, once: the second call answers 409; a missing reason 400, a missing report 404', async () => {
    const [id] = await openReports(['Leaking tap']);
    expect((await post(`/api/admin/reports/${id}/close`, {}, tokens.moderator)).statusCode).toBe(400);
    expect((await post(`/api/admin/reports/${id}/close`, { reason: 'x'.repeat(501) }, tokens.moderator)).statusCode).toBe(400);
    const closed = await post(`/api/admin/reports/${id}/close`, { reason: 'Fixed by the host' }, tokens.moderator);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ id, outcome: 'decided', status: 'closed', by: null });
    expect(await statusOf(id)).toBe('closed');
    expect((await post(`/api/admin/reports/${id}/close`, { reason: 'again' }, tokens.moderator)).statusCode).toBe(409);
    expect((await post('/api/admin/reports/999999/close', { reason: 'none' }, tokens.moderator)).statusCode).toBe(404);
  });

  it('closes in bulk with an outcome per row, and undoes its own closes within the window', async () => {
    const [first, second, decided] = await openReports(['Cold room', 'Loud music', 'Closed already']);
    await execute(sql`UPDATE reports SET status = 'closed' WHERE id = ${decided}`);
    expect((await post('/api/admin/reports/decisions', { decision: 'close', ids: [first] }, tokens.moderator)).statusCode).toBe(400);
    // Only the list's own actions are decisions here.
    expect((await post('/api/admin/reports/decisions', { decision: 'approve', reason: 'r', ids: [first] }, tokens.moderator)).statusCode).toBe(400);
    const batch = await post(
      '/api/admin/reports/decisions',
      { decision: 'close', reason: 'Resolved', ids: [first, second, decided, 999_999] },
      tokens.moderator,
    );
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual({
      changed: 2,
      results: [
        { id: first, outcome: 'decided', status: 'closed', by: null },
        { id: second, outcome: 'decided', status: 'closed', by: null },
        { id: decided, outcome: 'alreadyDecided', status: 'closed', by: null },
        { id: 999_999, outcome: 'notFound', status: null, by: null },
      ],
    });
    // Another member cannot take back the moderator's closes; the moderator can.
    const others = await post('/api/admin/reports/decisions/undo', { ids: [first] }, tokens.administrator);
    expect(others.json<{ results: { outcome: string }[] }>().results[0].outcome).not.toBe('undone');
    const undone = await post('/api/admin/reports/decisions/undo', { ids: [first, second] }, tokens.moderator);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({
      changed: 2,
      results: [
        { id: first, outcome: 'undone', status: 'open' },
        { id: second, outcome: 'undone', status: 'open' },
      ],
    });
    expect([await statusOf(first), await statusOf(second)]).toEqual(['open', 'open']);
    // The readers' screens follow it: each move is a live change of the list.
    const live = await execute(sql`SELECT count(*)::int AS count FROM live_changes WHERE resource = 'reports' AND row_id = ${first}`);
    expect((live as { rows: { count: number }[] }).rows[0].count).toBeGreaterThanOrEqual(2);
  });

  it('records each close and undo in the audit trail, naming the member and the report, under its own kind in Activity', async () => {
    const [id] = await openReports(['Broken window']);
    await post(`/api/admin/reports/${id}/close`, { reason: 'Glazier came' }, tokens.moderator);
    const activity = await get('/api/admin/activity?page=1&pageSize=100&status=report');
    expect(activity.statusCode).toBe(200);
    const entries = activity.json<{ action: string; entityId: number; entityName: string; administratorName: string; reason: string | null }[]>();
    expect(entries.find((entry) => entry.entityId === id)).toMatchObject({
      action: 'report.close',
      entityName: 'Broken window',
      administratorName: 'A moderator',
      reason: 'Glazier came',
    });
    expect(entries.some((entry) => entry.action === 'report.undo' && entry.entityName === 'Cold room')).toBe(true);
  });

  it('is in the API document: its call for one record, and the batch whose decision is its name', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> } } }>;
    }>();
    expect(document.paths['/api/admin/reports/{id}/close']?.post).toBeDefined();
    expect(document.paths['/api/admin/reports/decisions/undo']?.post).toBeDefined();
    const batch = document.paths['/api/admin/reports/decisions']?.post?.requestBody?.content['application/json'].schema;
    expect(batch?.properties.decision.enum).toEqual(['close']);
  });

  it('gives the back-office its batch, its texts in both languages and its permission', async () => {
    const { RESOURCES } = await import(path.join(tree, 'src', 'admin', 'resources.ts'));
    const entry = (RESOURCES as { name: string; definition?: { batch?: unknown } }[]).find((resource) => resource.name === 'reports');
    expect(entry).toBeDefined();
    const { declaration } = await import(path.join(tree, 'src', 'contracts', 'lists', 'reports.ts'));
    expect(declaration.batch).toMatchObject({ permission: 'reports.decide', decisions: ['close'], nameField: 'title' });
    const { actionTextKey } = await import(path.join(tree, 'src', 'contracts', 'record-action.ts'));
    for (const language of ['en', 'so']) {
      const catalogue = JSON.parse(fs.readFileSync(path.join(tree, 'src', 'i18n', 'locales', language, 'admin-reports.json'), 'utf8'));
      const at = (key: string) => key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], catalogue);
      for (const text of ['button', 'confirmTitle', 'confirm', 'confirmBody', 'reason', 'done']) {
        expect(typeof at(actionTextKey(declaration.actions[0], text)), `${language} ${text}`).toBe('string');
      }
      expect(typeof at('admin.activity.filters.report')).toBe('string');
      expect(typeof at('admin.history.actions.report.close')).toBe('string');
    }
  });
});
