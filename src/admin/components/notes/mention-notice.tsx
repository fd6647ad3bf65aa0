// The notice of a mention (src/admin/live/mention-listener.tsx): who mentioned the member and what the
// note says, as text, with a button to the record. Loaded with the first mention, with its texts.
import type { DataProvider } from '@refinedev/core';
import { Button, Typography } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { Mention } from '../../../contracts/notes';
import { i18n } from '../../../i18n';
import { registerNotesCatalogue } from '../../../i18n/notes-catalogue';
import { fillPath } from '../../../lib/api-client';
import { ADMIN_CALLS, findResource } from '../../resources';

registerNotesCatalogue();

/** The longest part of a note a notice shows. */
const SHOWN_LENGTH = 200;

interface MentionNoticeDeps {
  dataProvider: DataProvider;
  notification: NotificationInstance;
  navigate(path: string): void;
}

/** Reads the member's mentions and shows the newest; a failed read shows nothing (the next mention tries again). */
export async function showNewestMention({ dataProvider, notification, navigate }: MentionNoticeDeps): Promise<void> {
  const t = i18n.t.bind(i18n);
  const answer = await dataProvider.custom?.<Mention[]>({ url: ADMIN_CALLS.mentions.path, method: 'get' }).catch(() => undefined);
  const mention = Array.isArray(answer?.data) ? answer.data[0] : undefined;
  if (!mention) return;
  const { routes } = findResource(mention.resource);
  const path = routes.show ? fillPath(routes.show, mention.recordId) : routes.list;
  const body = mention.body.length > SHOWN_LENGTH ? `${mention.body.slice(0, SHOWN_LENGTH)}…` : mention.body;
  const key = `mention-${mention.noteId}`;
  notification.info({
    key,
    message: t('admin.notes.mention.title', { name: mention.authorName ?? t('admin.notes.formerMember') }),
    description: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{body}</Typography.Text>,
    actions: (
      <Button
        type="primary"
        onClick={() => {
          notification.destroy(key);
          navigate(path);
        }}
      >
        {t('admin.notes.mention.open')}
      </Button>
    ),
  });
}
