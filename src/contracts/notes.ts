// The calls of internal notes (src/contracts/record-note.ts): a record's notes, add, edit, delete.
import { z } from 'zod';
import { MAX_NOTE_LENGTH } from './record-note';

export const NOTE_EMPTY_MESSAGE = 'Write a note first.';
export const NOTE_TOO_LONG_MESSAGE = `A note holds at most ${MAX_NOTE_LENGTH} characters.`;

/** What a note says, stored and answered exactly as sent (never trimmed, never markup). */
export const noteBodySchema = z.object({
  body: z
    .string()
    .max(MAX_NOTE_LENGTH, NOTE_TOO_LONG_MESSAGE)
    .refine((body) => body.trim().length > 0, NOTE_EMPTY_MESSAGE),
});

export const noteParamsSchema = z.object({ noteId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const noteSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  body: z.string(),
  authorId: z.number().int().nullable(),
  /** Null when the author's account is gone. */
  authorName: z.string().nullable(),
  /** The note is the caller's own (they may edit or delete it within NOTE_EDIT_SECONDS of createdAt). */
  isOwn: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Note = z.infer<typeof noteSchema>;

/** One mention of the caller in a colleague's note, on a record they may read. */
export const mentionSchema = z.object({
  noteId: z.number().int(),
  /** The list whose record the note is on, as the back-office names its resource (`hosts`). */
  resource: z.string(),
  recordId: z.number().int(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type Mention = z.infer<typeof mentionSchema>;
