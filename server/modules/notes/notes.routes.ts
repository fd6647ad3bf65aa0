// Internal notes on the records of every list that declares `notes` (src/contracts/record-note.ts):
// GET and POST <list path>/:id/notes with the list's read permission, and PATCH and DELETE
// /api/admin/notes/:noteId, the author's own within NOTE_EDIT_SECONDS, with the read permission of
// the list the note's record is in, checked once the note is found.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { mentionSchema, noteBodySchema, noteParamsSchema, noteSchema } from '../../../src/contracts/notes';
import { MAX_NOTE_LENGTH, MENTIONS_PATH, NOTE_EDIT_SECONDS, NOTE_PATH } from '../../../src/contracts/record-note';
import type { AdminListDefinition } from '../../list-definitions';
import { adminRoute } from '../../lib/route-schema';
import { requirePermissions } from '../../plugins/auth-guard';
import { noteReadersOf } from './notes.service';

const TAG = 'notes';
const NOTE_ROUTE = `/api/${NOTE_PATH.replace(':id', ':noteId')}`;
const LIMITS = `At most ${MAX_NOTE_LENGTH} characters, stored and answered exactly as sent.`;

export const notesRoutes =
  (definitions: readonly AdminListDefinition[]): FastifyPluginAsyncZod =>
  async (app) => {
    const notes = app.services.notes;
    const readers = noteReadersOf(definitions);
    for (const definition of definitions) {
      const kind = definition.notes?.kind;
      if (!kind) continue;
      notes.assertKnownKind(kind);
      const path = `${definition.paths[0]}/:id/notes`;
      app.get(
        path,
        adminRoute(TAG, `One ${kind}'s internal notes, oldest first`, {
          access: definition.permission,
          params: idParamsSchema,
          ok: z.array(noteSchema),
          errors: [404],
        }),
        async (request) => notes.list(kind, request.params.id, request.admin!.administratorId!),
      );
      app.post(
        path,
        adminRoute(TAG, `Add an internal note to one ${kind}`, {
          description: `${LIMITS} The note is an entry in Activity (note.add) and a live change notes:${kind}.`,
          access: definition.permission,
          params: idParamsSchema,
          body: noteBodySchema,
          ok: noteSchema,
          status: 201,
          errors: [404],
        }),
        async (request, reply) => reply.code(201).send(await notes.add(kind, request.params.id, request.admin!.administratorId!, request.body.body)),
      );
    }

    /** The note's record is read by the caller's role, or 403 before anything changes. */
    async function requireReader(request: Parameters<typeof requirePermissions>[0], noteId: number): Promise<number> {
      const admin = request.admin!;
      const permission = readers.get(await notes.kindOf(noteId))?.permission;
      requirePermissions(request, admin, [permission ?? 'staff.manage']);
      return admin.administratorId!;
    }

    app.get(
      `/api/${MENTIONS_PATH}`,
      adminRoute(TAG, 'The caller’s newest 20 mentions ("@Name") in colleagues’ notes, on records their role reads', {
        access: 'account',
        ok: z.array(mentionSchema),
      }),
      async (request) => notes.mentions(request.admin!.administratorId!, request.admin!.role),
    );

    const ownNote = `Only the note's author, within ${NOTE_EDIT_SECONDS / 60} minutes of writing it (409 after; 403 for another's note). Needs the read permission of the note's record besides.`;
    app.patch(
      NOTE_ROUTE,
      adminRoute(TAG, 'Edit one’s own note', {
        description: `${LIMITS} ${ownNote}`,
        access: 'history.read',
        params: noteParamsSchema,
        body: noteBodySchema,
        ok: noteSchema,
        errors: [404, 409],
      }),
      async (request) => notes.edit(request.params.noteId, await requireReader(request, request.params.noteId), request.body.body),
    );
    app.delete(
      NOTE_ROUTE,
      adminRoute(TAG, 'Delete one’s own note', {
        description: ownNote,
        access: 'history.read',
        params: noteParamsSchema,
        ok: z.null(),
        status: 204,
        errors: [404, 409],
      }),
      async (request, reply) => {
        await notes.remove(request.params.noteId, await requireReader(request, request.params.noteId));
        return reply.code(204).send(null);
      },
    );
  };
