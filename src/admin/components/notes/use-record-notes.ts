// A record's internal notes (src/contracts/record-note.ts): read through the data provider, read again
// when the live stream says a colleague changed them, and the member's add, edit and delete.
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../../contracts/notes';
import { isNoteEditable, notesLiveResource } from '../../../contracts/record-note';
import { idsOf, RECONNECTED_TOPIC, resourceChannel, useLiveEvents } from '../../live/use-live-events';
import { actionPath, findResource } from '../../resources';

/** How often the screen asks whether a note's edit window has closed. */
const WINDOW_CHECK_MS = 15_000;

/** The answer, once it is one (useCustom's data is an empty object until then). */
const notesOf = (data: unknown): Note[] | undefined => (Array.isArray(data) ? (data as Note[]) : undefined);

/** Now, moved on every WINDOW_CHECK_MS, so Edit and Delete leave a note once its window has closed. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), WINDOW_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function useRecordNotes(resource: string, recordId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const kind = findResource(resource).list?.notes?.kind;
  if (!kind) throw new Error(`The resource "${resource}" declares no notes`);
  const { query } = useCustom<Note[], HttpError>({
    url: actionPath(resource, 'notes', recordId),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const topics = [{ channel: resourceChannel(notesLiveResource(kind)), types: ['created', 'updated', 'deleted'] }, RECONNECTED_TOPIC];
  useLiveEvents(topics, (event) => {
    if (event.type === 'reconnected' || idsOf(event).includes(String(recordId))) void query.refetch();
  });
  const { mutateAsync } = useCustomMutation<Note>();
  const [isSaving, setIsSaving] = useState(false);
  const now = useNow();

  /** Makes one call; answers whether it was done, and tells the member why not. */
  async function send(url: string, method: 'post' | 'patch' | 'delete', values: { body?: string } = {}): Promise<boolean> {
    setIsSaving(true);
    try {
      await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      await query.refetch();
      return true;
    } catch (error) {
      const { statusCode } = error as HttpError;
      void message.error(t(statusCode === 409 ? 'admin.notes.errors.late' : statusCode === 403 ? 'admin.notes.errors.notOwn' : 'admin.notes.errors.save'));
      if (statusCode === 409) await query.refetch();
      return false;
    } finally {
      setIsSaving(false);
    }
  }

  return {
    notes: notesOf(query.data?.data),
    isError: query.isError,
    isSaving,
    isEditable: (note: Note) => isNoteEditable(note, now),
    add: (body: string) => send(actionPath(resource, 'notes', recordId), 'post', { body }),
    edit: (noteId: number, body: string) => send(actionPath(resource, 'note', noteId), 'patch', { body }),
    remove: (noteId: number) => send(actionPath(resource, 'note', noteId), 'delete'),
  };
}
