// A record's internal notes (src/contracts/record-note.ts): each with its author and time, its text as
// text (never markup); a labelled box with a counter to add one; Edit and Delete on one's own notes
// for NOTE_EDIT_SECONDS. Colleagues' notes arrive live (use-record-notes.ts).
import { Button, Flex, Input, List, Popconfirm, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../../contracts/notes';
import { MAX_NOTE_LENGTH } from '../../../contracts/record-note';
import { registerNotesCatalogue } from '../../../i18n/notes-catalogue';
import { formatDateTime } from '../../../lib/format';
import { SectionCard } from '../section-card';
import { useRecordNotes } from './use-record-notes';

// These texts load with the screens that show notes.
registerNotesCatalogue();

type NotesState = ReturnType<typeof useRecordNotes>;

/** The box a note is written or edited in: labelled, counted, at most MAX_NOTE_LENGTH. */
function NoteBox({ label, value, onChange, isFocused }: { label: string; value: string; onChange(value: string): void; isFocused?: boolean }) {
  const id = useId();
  const box = useRef<TextAreaRef>(null);
  // An edit begins in its box.
  useEffect(() => {
    if (isFocused) box.current?.focus();
  }, [isFocused]);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <Input.TextArea id={id} ref={box} value={value} onChange={(event) => onChange(event.target.value)} maxLength={MAX_NOTE_LENGTH} showCount rows={3} />
    </>
  );
}

function NoteItem({ note, state }: { note: Note; state: NotesState }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const isEditable = state.isEditable(note);
  const author = note.authorName ?? t('admin.notes.formerMember');
  if (draft !== undefined && isEditable) {
    const save = async () => {
      if (await state.edit(note.id, draft)) setDraft(undefined);
    };
    return (
      <List.Item>
        <Flex vertical gap={8} style={{ width: '100%' }}>
          <NoteBox label={t('admin.notes.editLabel')} value={draft} onChange={setDraft} isFocused />
          <Flex gap={8}>
            <Button type="primary" onClick={() => void save()} loading={state.isSaving} disabled={draft.trim() === ''}>
              {t('admin.notes.save')}
            </Button>
            <Button onClick={() => setDraft(undefined)}>{t('admin.notes.cancel')}</Button>
          </Flex>
        </Flex>
      </List.Item>
    );
  }
  const actions = isEditable
    ? [
        <Button key="edit" type="link" onClick={() => setDraft(note.body)} aria-label={t('admin.notes.editAria', { time: formatDateTime(note.createdAt) })}>
          {t('admin.notes.edit')}
        </Button>,
        <Popconfirm
          key="delete"
          title={t('admin.notes.deleteConfirm')}
          okText={t('admin.notes.delete')}
          cancelText={t('admin.notes.cancel')}
          onConfirm={() => state.remove(note.id)}
        >
          <Button type="link" danger aria-label={t('admin.notes.deleteAria', { time: formatDateTime(note.createdAt) })}>
            {t('admin.notes.delete')}
          </Button>
        </Popconfirm>,
      ]
    : [];
  return (
    <List.Item actions={actions}>
      <List.Item.Meta
        title={
          <Flex gap={8} wrap>
            <Typography.Text strong>{author}</Typography.Text>
            <Typography.Text type="secondary">
              <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              {note.editedAt ? ` · ${t('admin.notes.edited')}` : null}
            </Typography.Text>
          </Flex>
        }
        description={<Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{note.body}</Typography.Text>}
      />
    </List.Item>
  );
}

/** The Notes section of a record's detail: `resource` is the list that declares notes, `recordId` the record. */
export default function RecordNotes({ resource, recordId }: { resource: string; recordId: number }) {
  const { t } = useTranslation();
  const state = useRecordNotes(resource, recordId);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLElement>(null);
  const add = async () => {
    if (!(await state.add(draft))) return;
    setDraft('');
    // The new note is read out from the list it joined: focus moves there.
    listRef.current?.focus();
  };
  return (
    <SectionCard title={t('admin.notes.title')}>
      <section ref={listRef} tabIndex={-1} aria-label={t('admin.notes.listLabel')} aria-live="polite">
        {state.isError ? <Typography.Text type="danger">{t('admin.notes.errors.fetch')}</Typography.Text> : null}
        <List
          dataSource={state.notes ?? []}
          loading={!state.notes && !state.isError}
          locale={{ emptyText: <Typography.Text>{t('admin.notes.empty')}</Typography.Text> }}
          renderItem={(note) => <NoteItem note={note} state={state} />}
        />
      </section>
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        <NoteBox label={t('admin.notes.addLabel')} value={draft} onChange={setDraft} />
        <Button type="primary" onClick={() => void add()} loading={state.isSaving} disabled={draft.trim() === ''} style={{ alignSelf: 'flex-start' }}>
          {t('admin.notes.add')}
        </Button>
      </Flex>
    </SectionCard>
  );
}
