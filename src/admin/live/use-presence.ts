// Presence (src/contracts/live.ts): a review screen says it is open, says so again while it stays open
// and says when it closes; it and the lists learn who has which record open from GET and from the
// stream's `presence` events (published on `presence/<list>` by live-connection.tsx). Presence calls
// never count as the member's activity.
import { useGetIdentity, type LiveEvent } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIVE_PRESENCE_PATH, LIVE_PRESENCE_RENEW_SECONDS, type LivePresence, type LiveViewer, type PresenceResource } from '../../contracts/live';
import type { MeResponse } from '../../contracts/staff';
import { BACKGROUND_ACTIVITY_HEADERS, createApiClient } from '../../lib/api-client';
import { presenceChannel } from './live-hub';
import { RECONNECTED_TOPIC, useLiveEvents } from './use-live-events';

const client = createApiClient();
const PATH = LIVE_PRESENCE_PATH.replace(/^\/api\//, '');
const background = { headers: BACKGROUND_ACTIVITY_HEADERS };

/** Who reviews which record of `resource` now, following the stream: record id -> viewers. */
export function useListPresence(resource: PresenceResource | undefined): ReadonlyMap<number, LiveViewer[]> {
  const [viewers, setViewers] = useState<ReadonlyMap<number, LiveViewer[]>>(new Map());
  // Only the latest reading counts (the screen may have moved to another list meanwhile).
  const readings = useRef(0);
  const read = useCallback(() => {
    if (!resource) return;
    const reading = (readings.current += 1);
    client
      .get<{ id: number; viewers: LiveViewer[] }[]>(PATH, { ...background, params: { resource } })
      .then(({ data }) => {
        if (reading === readings.current) setViewers(new Map(data.map((record) => [record.id, record.viewers])));
      })
      // Presence is a courtesy: a screen that cannot read it shows none.
      .catch(() => undefined);
  }, [resource]);
  useEffect(() => {
    read();
    return () => {
      readings.current += 1;
    };
  }, [read]);
  const topics = useMemo(() => (resource ? [{ channel: presenceChannel(resource), types: ['presence'] }, RECONNECTED_TOPIC] : []), [resource]);
  // Presence may have moved while the stream was away: read it again when it reconnects.
  useLiveEvents(topics, (event: LiveEvent) => {
    if (event.type !== 'presence') return read();
    const { id, viewers: now } = event.payload as LivePresence;
    setViewers((previous) => {
      const next = new Map(previous);
      if (now.length > 0) next.set(id, now);
      else next.delete(id);
      return next;
    });
  });
  return viewers;
}

/** The member's own id, to leave them out of "also reviewing". */
export function useOwnId(): number | undefined {
  return useGetIdentity<MeResponse>().data?.id;
}

/** Says that this screen reviews `id` while it is mounted; answers the other members reviewing it. */
export function useRecordPresence(resource: PresenceResource, id: number | undefined): LiveViewer[] {
  useEffect(() => {
    if (id === undefined) return undefined;
    const say = () => void client.put(PATH, { resource, id }, background).catch(() => undefined);
    say();
    const renew = setInterval(say, LIVE_PRESENCE_RENEW_SECONDS * 1000);
    return () => {
      clearInterval(renew);
      void client.delete(PATH, { ...background, params: { resource, id } }).catch(() => undefined);
    };
  }, [resource, id]);
  const ownId = useOwnId();
  const viewers = useListPresence(resource);
  return (id === undefined ? [] : (viewers.get(id) ?? [])).filter((viewer) => viewer.administratorId !== ownId);
}
