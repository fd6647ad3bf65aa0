// Internal notes on records (issue 50, point 3): what a list declares to have them, and their limits.
// No zod: the list declarations that name it are read by the back-office's first load. The schemas
// of the calls are in ./notes.ts.
import type { AuditEntityType } from './statuses';

/** The longest note, in UTF-16 code units as a textarea's maxlength counts them. */
export const MAX_NOTE_LENGTH = 2000;
/** How long after writing it its author may still edit or delete a note. */
export const NOTE_EDIT_SECONDS = 600;

/**
 * A list's records take notes (`ListDeclaration.notes`): their kind, as the audit trail names it, so
 * each note is an entry in Activity about that record and Activity's search finds its text.
 */
export interface NotesDeclaration {
  kind: AuditEntityType;
}

/** The notes of one record, under /api as the data provider's custom calls take them (`:id` the record). */
export const notesPathOf = (list: { paths: readonly [string, ...string[]] }) => `${list.paths[0].replace(/^\/api\//, '')}/:id/notes`;
/** One note, by its id (`:id`), for its author's edit and delete. */
export const NOTE_PATH = 'admin/notes/:id';

/** The live change of a record's notes (its id the record's): `notes:<kind>`, read by the list's readers. */
export const notesLiveResource = (kind: AuditEntityType) => `notes:${kind}`;

/** Whether a note is still its author's to edit or delete at `now`. */
export const isNoteEditable = (note: { createdAt: string; isOwn: boolean }, now: number) =>
  note.isOwn && now - Date.parse(note.createdAt) < NOTE_EDIT_SECONDS * 1000;

/** The live change that tells one member they were mentioned in a note: its id is theirs, and only they receive it. */
export const MENTIONS_LIVE_RESOURCE = 'mentions';
/** A member's mentions, newest first (GET): what the back-office tells them when one arrives. */
export const MENTIONS_PATH = 'admin/notes/mentions';

/**
 * The members a note mentions: "@" then a member's whole name or first name, in any case, not followed
 * by a letter or digit ("@Amina" and "@amina hassan" mention Amina Hassan; "@Aminata" does not).
 */
export function mentionedIn<Member extends { name: string }>(body: string, members: readonly Member[]): Member[] {
  const text = body.toLocaleLowerCase();
  const mentions = (word: string) => {
    const wanted = `@${word.toLocaleLowerCase()}`;
    for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
      if (!/[\p{L}\p{N}]/u.test(text.charAt(at + wanted.length))) return true;
    }
    return false;
  };
  return members.filter(({ name }) => name.trim() !== '' && (mentions(name.trim()) || mentions(name.trim().split(/\s+/)[0]!)));
}
