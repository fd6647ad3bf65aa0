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

export default async function setup(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-template-'));
  const template = await openPglite();
  await template.migrate();
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  const templatePath = path.join(directory, 'template.tar');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  if (serverUrl) {
    templateName = `hoy_template_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const handle = await openPostgres(withDatabase(serverUrl, templateName), 1);
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', { url: serverUrl, name: templateName });
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    fs.rmSync(directory, { recursive: true, force: true });
    if (serverUrl && templateName) {
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}
