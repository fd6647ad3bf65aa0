// Every admin list's definition, found by convention (each file of src/contracts/lists/ is one list,
// docs/adding-a-resource.md). Only contracts are loaded here, so any server file may read them (the
// roles table, server/role-table.ts; the sidebar's badges); server/lists.ts pairs each definition
// with the source of its rows.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { ListDefinition } from '../src/contracts/list-declaration';

export type AdminListDefinition = ListDefinition<z.ZodObject, string, string>;

/**
 * The list files the production bundle holds (scripts/build-server.mjs writes them in, as it bundles
 * the imports below); from the source tree, the folder is read.
 */
declare const HOY_BUNDLED_FILES: { lists: string[] } | undefined;

const listFiles =
  (typeof HOY_BUNDLED_FILES === 'undefined' ? undefined : HOY_BUNDLED_FILES)?.lists ??
  readdirSync(fileURLToPath(new URL('../src/contracts/lists/', import.meta.url)))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -'.ts'.length));

type DefinitionModule = { definition?: () => AdminListDefinition };

/** Every list's definition, in the order of its file's name. */
export const LIST_DEFINITIONS: readonly AdminListDefinition[] = await Promise.all(
  listFiles.map(async (file) => {
    const { definition } = (await import(`../src/contracts/lists/${file}.ts`)) as DefinitionModule;
    if (typeof definition !== 'function') throw new Error(`src/contracts/lists/${file}.ts exports no \`definition\` (defineList)`);
    return definition();
  }),
);
