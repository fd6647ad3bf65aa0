// SQL for internal notes on records (src/contracts/record-note.ts): the table and its reads and writes.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditEntityType } from '../../../src/contracts/audit';
import type { Database, Transaction } from '../../db/client';
import { administrators, bookings, properties, users } from '../../db/schema';

export const recordNotes = pgTable(
  'record_notes',
  {
    id: serial('id').primaryKey(),
    /** The kind of record, as the audit trail names it (`host`, `booking`, `listing`, `property`). */
    recordKind: text('record_kind').$type<AuditEntityType>().notNull(),
    recordId: integer('record_id').notNull(),
    /** Null once the author's account is gone. */
    authorId: integer('author_id').references(() => administrators.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** Deleted by its author: kept for the audit trail's sake, shown nowhere. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('record_notes_record_idx').on(table.recordKind, table.recordId, table.createdAt)],
);

/** Who a note mentions ("@Amina"): each row tells its member live (migration 0052's trigger). */
export const noteMentions = pgTable(
  'note_mentions',
  {
    id: serial('id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => recordNotes.id, { onDelete: 'cascade' }),
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('note_mentions_member_idx').on(table.administratorId, table.createdAt)],
);

export type NoteRecord = typeof recordNotes.$inferSelect & { authorName: string | null };

const shownNote = {
  id: recordNotes.id,
  recordKind: recordNotes.recordKind,
  recordId: recordNotes.recordId,
  authorId: recordNotes.authorId,
  body: recordNotes.body,
  createdAt: recordNotes.createdAt,
  editedAt: recordNotes.editedAt,
  deletedAt: recordNotes.deletedAt,
  authorName: administrators.name,
};

/** Whether the record a note would be about exists, by kind: a host is a user who is a host, a listing or property a property. */
const recordExists: Partial<Record<AuditEntityType, (id: number) => ReturnType<typeof sql>>> = {
  host: (id) => sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${id} AND ${users.isHost}`,
  booking: (id) => sql`SELECT 1 FROM ${bookings} WHERE ${bookings.id} = ${id}`,
  listing: (id) => sql`SELECT 1 FROM ${properties} WHERE ${properties.id} = ${id}`,
  property: (id) => sql`SELECT 1 FROM ${properties} WHERE ${properties.id} = ${id}`,
};

export function createNotesRepository(db: Database) {
  return {
    /** Throws for a kind no note may be about, so a list that declares notes of a kind unknown here stops the app. */
    assertKnownKind(kind: AuditEntityType): void {
      if (!recordExists[kind]) throw new Error(`Notes on records of kind "${kind}": say how one is found (server/modules/notes/notes.repository.ts)`);
    },

    async isRecord(kind: AuditEntityType, id: number): Promise<boolean> {
      const exists = recordExists[kind];
      if (!exists) return false;
      const result = await db.execute(sql`SELECT EXISTS (${exists(id)}) AS "exists"`);
      return (result as unknown as { rows: { exists: boolean }[] }).rows[0]!.exists;
    },

    /** A record's notes, oldest first, deleted ones left out. */
    async listFor(kind: AuditEntityType, recordId: number): Promise<NoteRecord[]> {
      return db
        .select(shownNote)
        .from(recordNotes)
        .leftJoin(administrators, eq(administrators.id, recordNotes.authorId))
        .where(and(eq(recordNotes.recordKind, kind), eq(recordNotes.recordId, recordId), isNull(recordNotes.deletedAt)))
        .orderBy(asc(recordNotes.createdAt), asc(recordNotes.id));
    },

    async find(executor: Database | Transaction, id: number): Promise<NoteRecord | undefined> {
      const [row] = await executor
        .select(shownNote)
        .from(recordNotes)
        .leftJoin(administrators, eq(administrators.id, recordNotes.authorId))
        .where(eq(recordNotes.id, id));
      return row;
    },

    async insert(executor: Transaction, note: { recordKind: AuditEntityType; recordId: number; authorId: number; body: string; createdAt: Date }) {
      const [row] = await executor.insert(recordNotes).values(note).returning({ id: recordNotes.id });
      return row!.id;
    },

    /** The members a note may mention: every account not disabled, with its role. */
    async activeMembers(executor: Transaction) {
      return executor
        .select({ id: administrators.id, name: administrators.name, role: administrators.role })
        .from(administrators)
        .where(isNull(administrators.disabledAt));
    },

    async insertMentions(executor: Transaction, noteId: number, administratorIds: readonly number[], createdAt: Date): Promise<void> {
      if (administratorIds.length === 0) return;
      await executor.insert(noteMentions).values(administratorIds.map((administratorId) => ({ noteId, administratorId, createdAt })));
    },

    /** A member's newest mentions in notes still shown, on records of these kinds. */
    async mentionsOf(administratorId: number, kinds: readonly AuditEntityType[], limit: number) {
      if (kinds.length === 0) return [];
      return db
        .select({ ...shownNote, mentionedAt: noteMentions.createdAt })
        .from(noteMentions)
        .innerJoin(recordNotes, eq(recordNotes.id, noteMentions.noteId))
        .leftJoin(administrators, eq(administrators.id, recordNotes.authorId))
        .where(and(eq(noteMentions.administratorId, administratorId), isNull(recordNotes.deletedAt), inArray(recordNotes.recordKind, [...kinds])))
        .orderBy(desc(noteMentions.createdAt), desc(noteMentions.id))
        .limit(limit);
    },

    /**
     * Edits or deletes a note in one compare-and-set: only its author's, not deleted, written after
     * `writtenAfter` (the edit window). Answers the note as it was, or undefined when nothing matched.
     */
    async changeOwn(
      executor: Transaction,
      change: { id: number; authorId: number; writtenAfter: Date; now: Date; body?: string },
    ): Promise<{ body: string } | undefined> {
      const before = executor.select({ body: recordNotes.body }).from(recordNotes).where(eq(recordNotes.id, change.id)).for('update');
      const [previous] = await before;
      const [row] = await executor
        .update(recordNotes)
        .set(change.body === undefined ? { deletedAt: change.now } : { body: change.body, editedAt: change.now })
        .where(
          and(
            eq(recordNotes.id, change.id),
            eq(recordNotes.authorId, change.authorId),
            isNull(recordNotes.deletedAt),
            gt(recordNotes.createdAt, change.writtenAfter),
          ),
        )
        .returning({ id: recordNotes.id });
      return row && previous ? { body: previous.body } : undefined;
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
