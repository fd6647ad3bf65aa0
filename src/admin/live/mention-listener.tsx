// Tells a member, on any screen, that a colleague mentioned them in a note (decision 046): the stream's
// `mentions` change is theirs alone. The notice and its texts load with the first one, not before.
import { useDataProvider } from '@refinedev/core';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { MENTIONS_LIVE_RESOURCE } from '../../contracts/record-note';
import { resourceChannel, useLiveEvents } from './use-live-events';

const TOPICS = [{ channel: resourceChannel(MENTIONS_LIVE_RESOURCE), types: ['created'] }];

export function MentionListener() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const getDataProvider = useDataProvider();
  useLiveEvents(TOPICS, () => {
    void import('../components/notes/mention-notice').then(({ showNewestMention }) =>
      showNewestMention({ dataProvider: getDataProvider(), notification, navigate }),
    );
  });
  return null;
}
