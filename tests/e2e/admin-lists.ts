// The admin lists' screens as the journeys visit them, read from the lists' declarations
// (src/contracts/lists/, as the back-office's registry reads them): a new list joins the journeys
// that open every screen without a line here.
import { readdirSync } from 'node:fs';
import type { DeclaredList } from '../../src/contracts/list-declaration';

const folder = new URL('../../src/contracts/lists/', import.meta.url);

const declarations = await Promise.all(
  readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .map(async (file) => ((await import(new URL(file, folder).href)) as { declaration: DeclaredList<string, string> }).declaration),
);

/** The route of each list in the sidebar, in sidebar order (a list hidden from it is reached through another's screen). */
export const LIST_SCREENS: readonly string[] = declarations
  .filter((list) => !list.resource?.isHiddenFromMenu)
  .sort((a, b) => a.menuOrder - b.menuOrder)
  .map((list) => list.resource?.routes?.list ?? `/${list.resource?.name ?? list.name}`);
