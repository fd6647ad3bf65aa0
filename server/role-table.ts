// Who may do what on the server (docs/decisions/018-staff-roles.md): the table of
// src/contracts/roles.ts with the permission of each list that names its readers, computed once from
// the lists' definitions and frozen. The route guard, the API document and the live stream read it;
// docs/product.md §26 is written from it (npm run docs:roles).
import { roleTableOf } from '../src/contracts/roles';
import { LIST_DEFINITIONS } from './list-definitions';

export const ROLE_TABLE = roleTableOf(LIST_DEFINITIONS);
