// Internal notes on records (src/contracts/record-note.ts): add, list, and the author's edit and delete
// within NOTE_EDIT_SECONDS. Each write is an audit entry about the record (`note.add`, `note.edit`,
// `note.delete`, the text as its reason), so Activity lists it and its search finds the text.
import type { AuditEntityType } from '../../../src/contracts/audit';
import type { Mention, Note } from '../../../src/contracts/notes';
import { mentionedIn, NOTE_EDIT_SECONDS } from '../../../src/contracts/record-note';
import type { Permission, Role } from '../../../src/contracts/roles';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AdminListDefinition } from '../../list-definitions';
import { ROLE_TABLE } from '../../role-table';
import type { AuditService } from '../audit/audit.service';
import type { NoteRecord, NotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND_MESSAGE = 'No such note.';
export const RECORD_NOT_FOUND_MESSAGE = 'No such record.';
export const NOTE_NOT_OWN_MESSAGE = 'Only its author may change a note.';
export const NOTE_TOO_LATE_MESSAGE = `A note may be changed only in the ${NOTE_EDIT_SECONDS / 60} minutes after it was written.`;

/** The mentions a member is shown at most. */
const MENTIONS_SHOWN = 20;

/** Who reads the notes of a kind of record: its list's permission, and the back-office's resource that shows it. */
export type NoteReaders = ReadonlyMap<AuditEntityType, { permission: Permission; resource: string }>;

/**
 * Each noted kind of record and who reads it (its list's permission). Two lists may show one kind
 * (listings and property approvals, both properties) when one permission reads both; else the app stops.
 */
export function noteReadersOf(definitions: readonly AdminListDefinition[]): NoteReaders {
  const readers = new Map<AuditEntityType, { permission: Permission; resource: string }>();
  for (const definition of definitions) {
    if (!definition.notes) continue;
    const known = readers.get(definition.notes.kind);
    if (known && known.permission !== definition.permission) throw new Error(`Two permissions read notes on records of kind "${definition.notes.kind}"`);
    if (!known) readers.set(definition.notes.kind, { permission: definition.permission, resource: definition.resource?.name ?? definition.name });
  }
  return readers;
}

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

interface NotesDeps {
  db: Database;
  repository: NotesRepository;
  audit: AuditService;
  clock: Clock;
  readers: NoteReaders;
}

export function createNotesService({ db, repository, audit, clock, readers }: NotesDeps) {
  const reads = (role: Role, kind: AuditEntityType) => {
    const permission = readers.get(kind)?.permission;
    return permission !== undefined && ROLE_TABLE.hasPermission(role, permission);
  };

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
        // Colleagues it names who may read the record are told, each once (live, by migration 0052's trigger).
        const members = (await repository.activeMembers(transaction)).filter((member) => member.id !== administratorId && reads(member.role, kind));
        const mentioned = mentionedIn(body, members).map((member) => member.id);
        await repository.insertMentions(transaction, noteId, mentioned, createdAt);
        return (await repository.find(transaction, noteId))!;
      });
      return shownTo(administratorId)(note);
    },

    /** The member's newest mentions, on records their role reads now. */
    async mentions(administratorId: number, role: Role): Promise<Mention[]> {
      const kinds = [...readers.keys()].filter((kind) => reads(role, kind));
      const rows = await repository.mentionsOf(administratorId, kinds, MENTIONS_SHOWN);
      return rows.map((row) => ({
        noteId: row.id,
        resource: readers.get(row.recordKind)!.resource,
        recordId: row.recordId,
        authorName: row.authorName,
        body: row.body,
        createdAt: row.mentionedAt.toISOString(),
      }));
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
