// "Amina is also reviewing this": a review screen says it is open (use-presence.ts) and names the
// other members who have the same record open, politely (an <output>, a status region: read out, never focused).
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveViewer, PresenceResource } from '../../contracts/live';
import { registerLiveCatalogue } from '../../i18n/live-catalogue';
import { EyeOutlined } from '../icons';
import { useListPresence, useOwnId, useRecordPresence } from './use-presence';
import { Notice } from '../components/notice';

registerLiveCatalogue();

/** The viewers' names as the language joins them ("Amina and Omar", "Amina iyo Omar"). */
function useViewerNames(): (viewers: readonly LiveViewer[]) => string {
  const { i18n } = useTranslation();
  const format = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (viewers) => format.format(viewers.map((viewer) => viewer.name));
}

export function PresenceNote({ resource, id }: { resource: PresenceResource; id: number }) {
  const { t } = useTranslation();
  const names = useViewerNames();
  const others = useRecordPresence(resource, id);
  return (
    <output aria-label={t('live.presence.region')}>
      {others.length > 0 && <Notice type="info" showIcon message={t('live.presence.alsoReviewing', { count: others.length, names: names(others) })} />}
    </output>
  );
}

/** Who reviews which row of a list now (the reader left out): record id -> viewers, for PresenceMark. */
export function useRowViewers(resource: PresenceResource): (id: number) => LiveViewer[] {
  const viewers = useListPresence(resource);
  const ownId = useOwnId();
  return (id) => (viewers.get(id) ?? []).filter((viewer) => viewer.administratorId !== ownId);
}

/** Beside a row: "Amina is reviewing" while someone else has its review screen open. */
export function PresenceMark({ viewers }: { viewers: readonly LiveViewer[] }) {
  const { t } = useTranslation();
  const names = useViewerNames();
  if (viewers.length === 0) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      <EyeOutlined /> {t('live.presence.reviewing', { count: viewers.length, names: names(viewers) })}
    </Typography.Text>
  );
}
