// Every admin list, found by convention rather than listed by hand (docs/adding-a-resource.md): each
// file of src/contracts/lists/ is one list's definition, and the source of its rows is the
// `<camelName>ListSource` that a module's repository exports (server/modules/<module>/<module>.repository.ts,
// decision 015); a list that declares actions has its `<camelName>ActionTarget` there too (decision 044). A definition without its source, or a source without its definition, stops the app.
// The definitions are server/list-definitions.ts's (the roles table, server/role-table.ts, is computed from them).
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { camelCase } from '../src/contracts/names';
import type { Database } from './db/client';
import type { RowCounter } from './db/list-counter-triggers';
import type { ListDemo } from './db/seed/list-demo';
import type { ActionTarget } from './lib/compare-and-set';
import type { ListSource } from './lib/list-source';
import { LIST_DEFINITIONS, type AdminListDefinition } from './list-definitions';

/** A list's definition and the source of its rows, as the list engine pairs them (server/lib/list-engine.ts). */
export interface AdminList {
  definition: AdminListDefinition;
  sourceOf: (db: Database) => ListSource<Record<string, unknown>, string, string>;
  /** Its demo rows, when its module exports `<camelName>Demo` (server/db/seed/list-demo.ts). */
  demo?: ListDemo;
  /** Where its declared actions move its rows, when it declares any (server/lib/compare-and-set.ts). */
  actionTarget?: ActionTarget;
}

/**
 * The modules the production bundle holds (scripts/build-server.mjs writes them in, as it bundles the
 * imports below); from the source tree, the folder is read.
 */
declare const HOY_BUNDLED_FILES: { repositories: string[] } | undefined;

const pathOf = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The bundle's files, or undefined from the source tree (where nothing defines the name). */
const bundled = typeof HOY_BUNDLED_FILES === 'undefined' ? undefined : HOY_BUNDLED_FILES;

/** The modules with a repository (`audit`). */
const repositoryModules =
  bundled?.repositories ?? readdirSync(pathOf('./modules/')).filter((module) => existsSync(pathOf(`./modules/${module}/${module}.repository.ts`)));

type RepositoryModule = Record<string, unknown>;

const repositories = () =>
  Promise.all(repositoryModules.map(async (module) => (await import(`./modules/${module}/${module}.repository.ts`)) as RepositoryModule));

async function loadLists(): Promise<AdminList[]> {
  const sources = new Map<string, AdminList['sourceOf']>();
  const demos = new Map<string, ListDemo>();
  const targets = new Map<string, ActionTarget>();
  for (const repository of await repositories()) {
    for (const [name, value] of Object.entries(repository)) {
      if (name.endsWith('ActionTarget')) targets.set(name, value as ActionTarget);
      if (typeof value !== 'function') continue;
      if (name.endsWith('ListSource')) sources.set(name, value as AdminList['sourceOf']);
      else if (name.endsWith('Demo')) demos.set(name, value as ListDemo);
    }
  }
  const lists = LIST_DEFINITIONS.map((definition) => {
    const camelName = camelCase(definition.name);
    const sourceName = `${camelName}ListSource`;
    const sourceOf = sources.get(sourceName);
    if (!sourceOf) throw new Error(`The list "${definition.name}" has no source: export ${sourceName}(db) from its module's repository`);
    sources.delete(sourceName);
    const demo = demos.get(`${camelName}Demo`);
    demos.delete(`${camelName}Demo`);
    if (!definition.actions) return { definition, sourceOf, ...(demo ? { demo } : {}) };
    const actionTarget = targets.get(`${camelName}ActionTarget`);
    if (!actionTarget) throw new Error(`The list "${definition.name}" declares actions: export ${camelName}ActionTarget from its module's repository`);
    targets.delete(`${camelName}ActionTarget`);
    return { definition, sourceOf, ...(demo ? { demo } : {}), actionTarget };
  });
  for (const name of targets.keys()) throw new Error(`${name} is the action target of no list that declares actions`);
  for (const name of sources.keys()) throw new Error(`${name} is the source of no list: its definition belongs in src/contracts/lists/`);
  for (const name of demos.keys()) throw new Error(`${name} is the demo of no list: name it <list name in camelCase>Demo, beside the list's source`);
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
