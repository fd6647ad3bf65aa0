// The CSV export of every list, by its API path: filled by the list engine as it adds each list's
// routes, read by the download tickets (server/modules/exports/), so a ticket streams exactly what
// the list's `format=csv` call streams (docs/decisions/022-exports-stream-through-download-tickets.md).
import type { FastifyReply } from 'fastify';
import type { Permission } from '../../src/contracts/roles';
import type { ListCaller } from './list-source';

/** One list's CSV export, as its route answers it. */
export interface ListCsvExport {
  /** The permission that reads the list; an export also needs `export` (docs/decisions/018-staff-roles.md). */
  permission: Permission;
  /** The query as the list's route validates it: its values, or why the route would answer 400. */
  parseQuery(query: Readonly<Record<string, string>>): { isValid: true; query: Record<string, unknown> } | { isValid: false; message: string };
  /** Streams the CSV of a valid query for the caller. The caller holds an export slot (streams.ts `holdExportSlot`). */
  send(reply: FastifyReply, query: Record<string, unknown>, caller: ListCaller): FastifyReply;
}

export interface ListExports {
  add(path: string, csvExport: ListCsvExport): void;
  /** The export at this exact path (one of a list definition's `paths`); undefined for any other. */
  find(path: string): ListCsvExport | undefined;
}

export function createListExports(): ListExports {
  const byPath = new Map<string, ListCsvExport>();
  return {
    add(path, csvExport) {
      if (byPath.has(path)) throw new Error(`${path} has two CSV exports`);
      byPath.set(path, csvExport);
    },
    find: (path) => byPath.get(path),
  };
}
