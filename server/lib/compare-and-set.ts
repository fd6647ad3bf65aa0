// The compare-and-set every review decision is (decision 006), for one row or a batch of 500 in one
// statement (decision 027): lock the rows in id order, move each row only while its status is one it
// may move from (and, where a version is given, only at that version), and answer every found row's
// values before and whether it moved. The three reviewable lists' modules call it with their own
// table, columns and rules; a single decision is a batch of one.
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntityType } from '../../src/contracts/audit';
import type { Transaction } from '../db/client';

/** One row's move: from which statuses (or, with `isExcept`, from any but them) to which. */
export interface RowMove {
  id: number;
  from: readonly string[];
  isExcept?: boolean;
  to: string;
  /** Only at this version (a property read by the client); the version then goes up by one. */
  version?: number;
  /** Values of the table's `extraColumns` to store with the move, in their order. */
  extra?: readonly (string | null)[];
}

export interface MoveTarget {
  table: string;
  statusColumn: string;
  /** Text columns set with the status (a listing's decline reason), read before as well. */
  extraColumns?: readonly string[];
  /** The table counts changes in a `version` column. */
  isVersioned?: boolean;
  /** Which rows of the table are of this kind at all (hosts among users); others are not found. */
  kind?: SQL;
  /**
   * The column that names a row to a person (`title`): read with the row, so its audit entry names the
   * record. Absent: the audit trail's trigger names it, for the kinds it knows (migration 0024).
   */
  nameColumn?: string;
}

export interface MovedRow {
  id: number;
  /** The status and extra columns as they were when locked. */
  before: { status: string; extra: (string | null)[]; version: number | null };
  isMoved: boolean;
  /** The version after the move, on a versioned table. */
  version: number | null;
  /** The row's name, when the target has a `nameColumn`. */
  name?: string | null;
}

export async function moveRows(executor: Transaction, target: MoveTarget, moves: readonly RowMove[], now: Date): Promise<Map<number, MovedRow>> {
  if (moves.length === 0) return new Map();
  const table = sql.identifier(target.table);
  const status = sql.identifier(target.statusColumn);
  const extras = (target.extraColumns ?? []).map((column) => sql.identifier(column));
  const extraNames = extras.map((_column, index) => sql.raw(`extra_${index}`));
  const wanted = sql.join(
    moves.map(
      (move) =>
        sql`(${move.id}::integer, ${`{${move.from.map((value) => JSON.stringify(value)).join(',')}}`}::text[], ${move.isExcept === true}::boolean, ${move.to}::text, ${move.version ?? null}::integer${sql.join(
          extras.map((_column, index) => sql`, ${move.extra?.[index] ?? null}::text`),
          sql``,
        )})`,
    ),
    sql`, `,
  );
  const wantedColumns = sql.join([sql`id, from_statuses, is_except, to_status, wanted_version`, ...extraNames], sql`, `);
  const version = target.isVersioned ? sql`t.version` : sql`NULL::integer`;
  const name = target.nameColumn ? sql.identifier(target.nameColumn) : undefined;
  const lockedExtras = sql.join(
    [...extras.map((column, index) => sql`, t.${column} AS ${extraNames[index]}`), ...(name ? [sql`, t.${name}::text AS record_name`] : [])],
    sql``,
  );
  const setExtras = sql.join(
    extras.map((column, index) => sql`, ${column} = w.${extraNames[index]}`),
    sql``,
  );
  const result = await executor.execute(sql`WITH wanted (${wantedColumns}) AS (VALUES ${wanted}),
    locked AS (
      SELECT t.id, t.${status} AS status, ${version} AS version${lockedExtras} FROM ${table} t
      WHERE t.id IN (SELECT id FROM wanted)${target.kind ? sql` AND ${target.kind}` : sql``}
      ORDER BY t.id FOR UPDATE
    ),
    moved AS (
      UPDATE ${table} t SET ${status} = w.to_status${setExtras}${target.isVersioned ? sql`, version = t.version + 1` : sql``}, updated_at = ${now}
      FROM wanted w JOIN locked l ON l.id = w.id
      WHERE t.id = w.id AND (t.${status} = ANY (w.from_statuses)) <> w.is_except
        ${target.isVersioned ? sql`AND (w.wanted_version IS NULL OR t.version = w.wanted_version)` : sql``}
      RETURNING t.id, ${version} AS version
    )
    SELECT l.id, l.status, l.version AS "versionBefore", moved.version AS "versionAfter", moved.id IS NOT NULL AS "isMoved"${sql.join(
      [...extraNames.map((extra) => sql`, l.${extra}`), ...(name ? [sql`, l.record_name`] : [])],
      sql``,
    )}
    FROM locked l LEFT JOIN moved ON moved.id = l.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return new Map(
    rows.map((row) => {
      const id = Number(row.id);
      const moved: MovedRow = {
        id,
        before: {
          status: String(row.status),
          extra: extraNames.map((_name, index) => (row[`extra_${index}`] ?? null) as string | null),
          version: row.versionBefore === null ? null : Number(row.versionBefore),
        },
        isMoved: row.isMoved === true,
        version: row.versionAfter === null || row.versionAfter === undefined ? null : Number(row.versionAfter),
        ...(name ? { name: (row.record_name ?? null) as string | null } : {}),
      };
      return [id, moved];
    }),
  );
}

/**
 * Where a list's record actions move its rows (src/contracts/record-action.ts; decision 044): the
 * table's compare-and-set, and how an audit entry records a row's state. A list's repository exports
 * it as `<list name in camelCase>ActionTarget`, found as its list source is (server/lists.ts).
 */
export interface ActionTarget {
  /** What the audit entries name (`<entityType>.<action>`). */
  entityType: AuditEntityType;
  table: MoveTarget;
  /** The field an entry records the status under (`status`; hosts' `statusHost`). */
  statusField: string;
  /** The table's first extra column keeps the reason of these actions, recorded under `field` (a listing's decline reason). */
  keptReason?: { field: string; actions: readonly string[] };
  /** The status a row is answered with, from the stored one (a host's older values); by default as stored. */
  statusOf?: (stored: string) => string;
  /**
   * The table has a live trigger (migration 0022's `record_live_change`) that tells the live stream of
   * its rows' changes. Without one, the decider records each moved row's change itself, under the
   * list's name, in the same transaction: its readers' screens follow it (decision 026).
   */
  hasLiveTrigger?: boolean;
}
