// Every admin list, found by convention rather than listed by hand (docs/adding-a-resource.md): each
// file of src/contracts/lists/ is one list's definition, and the source of its rows is the
// `<camelName>ListSource` that a module's repository exports (server/modules/<module>/<module>.repository.ts,
// decision 015). A definition without its source, or a source without its definition, stops the app.
// Loading the lists also adds the permissions of those that name their readers (src/contracts/roles.ts).
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { ListDefinition } from '../src/contracts/list-declaration';
import { camelCase } from '../src/contracts/names';
import { addListReaders } from '../src/contracts/roles';
import type { Database } from './db/client';
import type { RowCounter } from './db/list-counter-triggers';
import type { ListSource } from './lib/list-source';

/** A list's definition and the source of its rows, as the list engine pairs them (server/lib/list-engine.ts). */
export interface AdminList {
  definition: ListDefinition<z.ZodObject, string, string>;
  sourceOf: (db: Database) => ListSource<Record<string, unknown>, string, string>;
}

/**
 * The files the production bundle holds (scripts/build-server.mjs writes them in, as it bundles the
 * imports below); from the source tree, the folders are read.
 */
declare const HOY_BUNDLED_FILES: { lists: string[]; repositories: string[] } | undefined;

const pathOf = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The bundle's files, or undefined from the source tree (where nothing defines the name). */
const bundled = typeof HOY_BUNDLED_FILES === 'undefined' ? undefined : HOY_BUNDLED_FILES;

/** The list files by name (`hosts` for hosts.ts) and the modules with a repository (`audit`). */
const listFiles =
  bundled?.lists ??
  readdirSync(pathOf('../src/contracts/lists/'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length));
const repositoryModules =
  bundled?.repositories ?? readdirSync(pathOf('./modules/')).filter((module) => existsSync(pathOf(`./modules/${module}/${module}.repository.ts`)));

type DefinitionModule = { definition?: () => AdminList['definition'] };
type RepositoryModule = Record<string, unknown>;

const repositories = () =>
  Promise.all(repositoryModules.map(async (module) => (await import(`./modules/${module}/${module}.repository.ts`)) as RepositoryModule));

async function loadLists(): Promise<AdminList[]> {
  const definitions = await Promise.all(
    listFiles.map(async (file) => {
      const { definition } = (await import(`../src/contracts/lists/${file}.ts`)) as DefinitionModule;
      if (typeof definition !== 'function') throw new Error(`src/contracts/lists/${file}.ts exports no \`definition\` (defineList)`);
      return definition();
    }),
  );
  const sources = new Map<string, AdminList['sourceOf']>();
  for (const repository of await repositories()) {
    for (const [name, value] of Object.entries(repository))
      if (name.endsWith('ListSource') && typeof value === 'function') sources.set(name, value as AdminList['sourceOf']);
  }
  const lists = definitions.map((definition) => {
    const sourceName = `${camelCase(definition.name)}ListSource`;
    const sourceOf = sources.get(sourceName);
    if (!sourceOf) throw new Error(`The list "${definition.name}" has no source: export ${sourceName}(db) from its module's repository`);
    sources.delete(sourceName);
    return { definition, sourceOf };
  });
  for (const name of sources.keys()) throw new Error(`${name} is the source of no list: its definition belongs in src/contracts/lists/`);
  addListReaders(lists.map((list) => list.definition));
  // The routes are registered in sidebar order, so the API document lists them so.
  return lists.sort((a, b) => a.definition.menuOrder - b.definition.menuOrder);
}

/** Every admin list, in sidebar order. */
export const ADMIN_LISTS: readonly AdminList[] = await loadLists();

/**
 * The lists counted by their rows, whose triggers the server installs (server/db/list-counter-triggers.ts).
 * Such a list is counted under its own name: a source naming another list's counter stops the app.
 */
export function rowCountersOf(db: Database): RowCounter[] {
  return ADMIN_LISTS.flatMap(({ definition, sourceOf }) => {
    const counter = sourceOf(db).rowCounter;
    if (!counter) return [];
    if (counter.list !== definition.name)
      throw new Error(`The list "${definition.name}" is counted by its rows under "${counter.list}": its counter is its name`);
    return [counter];
  });
}
