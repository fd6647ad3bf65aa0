// Who may do what (issue 50, point 4): one table, computed once from src/contracts/roles.ts and the
// lists' readers, frozen, the same on the server and in the web app; docs/product.md §26 is generated
// from it (`npm run docs:roles`) and this file fails when the document says otherwise.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES, roleTableOf } from '../../src/contracts/roles';
import { LIST_DEFINITIONS } from '../../server/list-definitions';
import { ROLE_TABLE } from '../../server/role-table';
import { PRODUCT_DOC, rolesTable, withRolesTable } from '../../scripts/docs-roles';

describe('the roles table', () => {
  it('is frozen, to the last list of roles', () => {
    expect(Object.isFrozen(ROLE_TABLE)).toBe(true);
    expect(Object.isFrozen(ROLE_TABLE.holders)).toBe(true);
    for (const roles of Object.values(ROLE_TABLE.holders)) expect(Object.isFrozen(roles)).toBe(true);
    expect(() => {
      (ROLE_TABLE.holders['hosts.write'] as string[]).push('viewer');
    }).toThrow(TypeError);
    expect(ROLE_TABLE.hasPermission('viewer', 'hosts.write')).toBe(false);
  });

  it('gives a list that names its readers the permission <name>.read, held by them and the administrator alone', () => {
    const table = roleTableOf([...LIST_DEFINITIONS, { name: 'reports', access: { readers: ['moderator', 'support'] } }]);
    expect(table.rolesWith('reports.read')).toEqual(['administrator', 'moderator', 'support']);
    expect(table.isPermission('reports.read')).toBe(true);
    // The table it was computed from is left as it was.
    expect(ROLE_TABLE.isPermission('reports.read')).toBe(false);
    expect(ROLE_TABLE.hasPermission('administrator', 'reports.read')).toBe(false);
  });

  it('refuses a list whose permission is already another', () => {
    expect(() => roleTableOf([{ name: 'hosts', access: { readers: ['viewer'] } }])).toThrow(
      'The list "hosts" names its readers, but the permission hosts.read is already another\'s',
    );
    expect(() =>
      roleTableOf([
        { name: 'notes', access: { readers: ['viewer'] } },
        { name: 'notes', access: { readers: ['support'] } },
      ]),
    ).toThrow(/notes\.read/);
  });

  it('is the one the web registry computes', async () => {
    const { ROLE_TABLE: webTable } = await import('../../src/admin/resources');
    expect(webTable.holders).toEqual(ROLE_TABLE.holders);
  });

  it('gives the administrator every permission', () => {
    for (const permission of Object.keys(ROLE_TABLE.holders)) expect(ROLE_TABLE.rolesWith(permission as never)).toContain(ROLES[0]);
  });
});

describe("docs/product.md's table of who may do what", () => {
  it('is the one `npm run docs:roles` writes from the roles table', () => {
    const document = fs.readFileSync(PRODUCT_DOC, 'utf8');
    expect(withRolesTable(document), 'docs/product.md is out of date: run npm run docs:roles').toBe(document);
    expect(document).toContain(rolesTable());
  });

  it('has a row for every permission, each role holding what its cell says', () => {
    const table = rolesTable();
    expect(table).toContain('| Hosts | read, edit, approve, delete | read, edit, approve, delete | read | read |');
    expect(table).toContain(
      "| Bookings | read, cancel, mark no-show or completed, refund, approve or reject another member's large refund | | read, cancel, mark no-show or completed | read |",
    );
    expect(table).toContain('| Export CSV | yes | yes | yes | no |');
  });
});
