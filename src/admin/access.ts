// What the signed-in staff member may use (docs/decisions/018-staff-roles.md), told to Refine through
// its access control provider: the sidebar lists only the screens the role reads, an address of a
// forbidden screen shows the 403 screen, and a control for a change the role may not make is hidden.
// The server decides for real; the same table (src/contracts/roles.ts) keeps the two in step.
import { useCan, useCanWithoutCache, type AccessControlProvider } from '@refinedev/core';
import { useEffect, useState } from 'react';
import type { Permission, Role } from '../contracts/roles';
import { ROLE_TABLE, type ResourceEntry } from './resources';

/** The Refine actions that read a screen; any other action is the name of a permission ('hosts.write', 'export'). */
const READ_ACTIONS = new Set(['list', 'show']);

/** The screens that are not in the registry (the dashboard, My account): their permissions are written here. */
const PAGE_ACCESS: ReadonlyMap<string | undefined, Permission> = new Map([
  ['dashboard', 'dashboard.read'],
  ['account', 'account'],
]);

/**
 * Refine's access control provider over the role of the signed-in member. `can({resource, action})`:
 * 'list' and 'show' need the resource's read permission; any other action names a permission, which
 * the role must hold besides reading the resource ('export' is checked so, with the resource).
 */
export function createAccessControlProvider(
  currentRole: () => Promise<Role>,
  resources: readonly Pick<ResourceEntry, 'name' | 'access'>[],
): AccessControlProvider {
  const readPermission = (resource: string | undefined): Permission | undefined =>
    PAGE_ACCESS.get(resource) ?? resources.find((entry) => entry.name === resource)?.access;
  return {
    async can({ resource, action }) {
      let role: Role;
      try {
        role = await currentRole();
      } catch {
        // The role could not be read: the session has ended (401) or the server is out of reach. The
        // screen then shows, and its own calls say which: a 401 ends the session with its message,
        // anything else shows the screen's error. The server refuses what the role may not do anyway.
        return { can: true, reason: 'role unknown' };
      }
      const read = readPermission(resource);
      const needs: Permission[] = [];
      if (read) needs.push(read);
      if (!READ_ACTIONS.has(action)) {
        if (!ROLE_TABLE.isPermission(action)) return { can: false, reason: `unknown action ${action}` };
        needs.push(action);
      }
      if (needs.length === 0) return { can: false, reason: `unknown resource ${resource ?? ''}` };
      const missing = needs.find((permission) => !ROLE_TABLE.hasPermission(role, permission));
      return missing ? { can: false, reason: missing } : { can: true };
    },
    // A role changes on the server; a new page load (sign-in) reads it again, so answers stay for the
    // page's life, but one given without a known role is asked again at the next screen.
    options: { queryOptions: { staleTime: Number.POSITIVE_INFINITY } },
  };
}

/**
 * Whether the signed-in member may use `permission` on `resource`'s screen. False until the answer
 * arrives, so a control appears once allowed rather than flashing and vanishing. Without an access
 * control provider (screens under test on their own) everything is allowed.
 */
export function usePermission(resource: string, permission: Permission): boolean {
  return useCan({ resource, action: permission }).data?.can === true;
}

/**
 * Which of `resources` the signed-in member may read, asked of the access control provider at once
 * (the sidebar's entries). Empty until the answers arrive; every one without a provider.
 */
export function useReadableResources(resources: readonly string[]): ReadonlySet<string> {
  const { can } = useCanWithoutCache();
  const [readable, setReadable] = useState<ReadonlySet<string>>(new Set());
  // A string stands for the names in the effect's dependencies (the array is new on every render).
  const names = resources.join(' ');
  useEffect(() => {
    if (!can) return undefined;
    let isCurrent = true;
    const asked = names.split(' ').map(async (resource) => ((await can({ resource, action: 'list' })).can ? [resource] : []));
    void Promise.all(asked).then((answers) => {
      if (isCurrent) setReadable(new Set(answers.flat()));
    });
    return () => {
      isCurrent = false;
    };
  }, [can, names]);
  return can ? readable : new Set(resources);
}
