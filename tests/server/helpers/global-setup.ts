// Once per test run: migrate one template database, so each test file starts from a fresh copy
// of it instead of running initdb and every migration again (seconds each on PGlite).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { url: string; name: string } | null;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The embedded template: initdb, every migration, then the data directory as one tar file. */
async function makePgliteTemplate(directory: string): Promise<string> {
  const template = await openPglite();
  await template.migrate();
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  const templatePath = path.join(directory, 'template.tar');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  return templatePath;
}

/** The PostgreSQL template: a database with every migration, which each file's database is created from. */
async function makePostgresTemplate(serverUrl: string, templateName: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  await admin.end();
  const handle = await openPostgres(withDatabase(serverUrl, templateName), 1);
  await handle.migrate();
  await handle.close();
}

type Templates = { pgliteTemplatePath: string; postgresTemplate: { url: string; name: string } | null; remove: () => Promise<void> };

/**
 * Vitest runs a global setup once per project that names it, one project after another, each loading
 * this module afresh: eight server projects made the same two templates eight times, 57 s before the
 * first file started. The first makes them and keeps them on the main process's global object; the
 * others share them, and the last project's teardown removes them.
 */
const shared = globalThis as typeof globalThis & { hoyTestTemplates?: { making: Promise<Templates>; users: number } };

async function makeTemplates(): Promise<Templates> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-template-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templateName = serverUrl ? `hoy_template_${process.pid}_${Date.now()}` : undefined;
  // Side by side: the embedded one is mostly the WebAssembly initdb, the other mostly the server's work.
  const [pgliteTemplatePath] = await Promise.all([
    makePgliteTemplate(directory),
    serverUrl && templateName ? makePostgresTemplate(serverUrl, templateName) : Promise.resolve(),
  ]);
  return {
    pgliteTemplatePath,
    postgresTemplate: serverUrl && templateName ? { url: serverUrl, name: templateName } : null,
    remove: async () => {
      fs.rmSync(directory, { recursive: true, force: true });
      if (serverUrl && templateName) {
        const admin = new Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export default async function setup(project: TestProject) {
  shared.hoyTestTemplates ??= { making: makeTemplates(), users: 0 };
  const kept = shared.hoyTestTemplates;
  kept.users += 1;
  const templates = await kept.making;
  project.provide('pgliteTemplatePath', templates.pgliteTemplatePath);
  project.provide('postgresTemplate', templates.postgresTemplate);
  return async () => {
    kept.users -= 1;
    if (kept.users > 0) return;
    shared.hoyTestTemplates = undefined;
    await templates.remove();
  };
}
