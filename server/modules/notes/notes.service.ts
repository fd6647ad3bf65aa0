// Internal notes on records (src/contracts/record-note.ts): add, list, and the author's edit and delete
// within NOTE_EDIT_SECONDS. Each write is an audit entry about the record (`note.add`, `note.edit`,
// `note.delete`, the text as its reason), so Activity lists it and its search finds the text.
import type { AuditEntityType } from '../../../src/contracts/audit';
import type { Note } from '../../../src/contracts/notes';
import { NOTE_EDIT_SECONDS } from '../../../src/contracts/record-note';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { NoteRecord, NotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND_MESSAGE = 'No such note.';
export const RECORD_NOT_FOUND_MESSAGE = 'No such record.';
export const NOTE_NOT_OWN_MESSAGE = 'Only its author may change a note.';
export const NOTE_TOO_LATE_MESSAGE = `A note may be changed only in the ${NOTE_EDIT_SECONDS / 60} minutes after it was written.`;

const shownTo =
  (administratorId: number) =>
  (note: NoteRecord): Note => ({
    id: note.id,
    recordId: note.recordId,
    body: note.body,
    authorId: note.authorId,
    authorName: note.authorName,
    isOwn: note.authorId === administratorId,
    createdAt: note.createdAt.toISOString(),
    editedAt: note.editedAt?.toISOString() ?? null,
  });

export function createNotesService({ db, repository, audit, clock }: { db: Database; repository: NotesRepository; audit: AuditService; clock: Clock }) {
  async function requireRecord(kind: AuditEntityType, recordId: number): Promise<void> {
    if (!(await repository.isRecord(kind, recordId))) throw new NotFoundError(RECORD_NOT_FOUND_MESSAGE);
  }

  /** The author's edit (a body) or delete (none), as one compare-and-set on the note's time. */
  async function changeOwn(noteId: number, administratorId: number, body?: string): Promise<NoteRecord> {
    const now = clock.now();
    const changed = await db.transaction(async (transaction) => {
      const before = await repository.changeOwn(transaction, {
        id: noteId,
        authorId: administratorId,
        writtenAfter: new Date(now.getTime() - NOTE_EDIT_SECONDS * 1000),
        now,
        ...(body === undefined ? {} : { body }),
      });
      if (!before) return undefined;
      const note = (await repository.find(transaction, noteId))!;
      await audit.record(transaction, {
        administratorId,
        action: body === undefined ? 'note.delete' : 'note.edit',
        entityType: note.recordKind,
        entityId: note.recordId,
        reason: body ?? before.body,
        before: { noteId, body: before.body },
        after: body === undefined ? null : { noteId, body },
      });
      return note;
    });
    if (changed) return changed;
    // Nothing matched: say why, from the note as it is now.
    const note = await repository.find(db, noteId);
    if (!note || note.deletedAt) throw new NotFoundError(NOTE_NOT_FOUND_MESSAGE);
    if (note.authorId !== administratorId) throw new ForbiddenError(NOTE_NOT_OWN_MESSAGE);
    throw new ConflictError(NOTE_TOO_LATE_MESSAGE, 'note-edit-window-passed');
  }

  return {
    assertKnownKind: repository.assertKnownKind,

    async list(kind: AuditEntityType, recordId: number, administratorId: number): Promise<Note[]> {
      await requireRecord(kind, recordId);
      return (await repository.listFor(kind, recordId)).map(shownTo(administratorId));
    },

    async add(kind: AuditEntityType, recordId: number, administratorId: number, body: string): Promise<Note> {
      await requireRecord(kind, recordId);
      const createdAt = clock.now();
      const note = await db.transaction(async (transaction) => {
        const noteId = await repository.insert(transaction, { recordKind: kind, recordId, authorId: administratorId, body, createdAt });
        await audit.record(transaction, {
          administratorId,
          action: 'note.add',
          entityType: kind,
          entityId: recordId,
          reason: body,
          after: { noteId, body },
        });
        return (await repository.find(transaction, noteId))!;
      });
      return shownTo(administratorId)(note);
    },

    /** The kind of record a note is about, for the route's permission check; 404 for no note. */
    async kindOf(noteId: number): Promise<AuditEntityType> {
      const note = await repository.find(db, noteId);
      if (!note || note.deletedAt) throw new NotFoundError(NOTE_NOT_FOUND_MESSAGE);
      return note.recordKind;
    },

    edit: async (noteId: number, administratorId: number, body: string): Promise<Note> =>
      shownTo(administratorId)(await changeOwn(noteId, administratorId, body)),

    remove: async (noteId: number, administratorId: number): Promise<void> => {
      await changeOwn(noteId, administratorId);
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
