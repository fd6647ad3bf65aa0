import type { EventSourceMessage, FetchEventSourceInit } from '@microsoft/fetch-event-source';
import { describe, expect, it, vi } from 'vitest';
import { openLiveStream, retryDelay, type LiveStreamHandlers } from '../../src/admin/live/live-stream';

/** A fake fetchEventSource: records the request and lets the test play the server. */
function fakeSource() {
  const calls: { url: string; init: FetchEventSourceInit; settle: { resolve: () => void; reject: (error: unknown) => void } }[] = [];
  const open = vi.fn<(url: string, init: FetchEventSourceInit) => Promise<void>>(
    (url: string, init: FetchEventSourceInit) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ url, init, settle: { resolve, reject } });
      }),
  );
  return { open, calls, init: () => calls[0].init };
}

function handlers() {
  return {
    onChanges: vi.fn<LiveStreamHandlers['onChanges']>(),
    onBadges: vi.fn<LiveStreamHandlers['onBadges']>(),
    onResync: vi.fn<LiveStreamHandlers['onResync']>(),
    onStop: vi.fn<LiveStreamHandlers['onStop']>(),
  };
}

const message = (event: string, data: unknown, id = ''): EventSourceMessage => ({ event, data: JSON.stringify(data), id });
const streamResponse = (status = 200, body: unknown = '') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
  });

describe('the live stream', () => {
  it('sends the bearer token and the background mark in headers, never in the URL', () => {
    const source = fakeSource();
    openLiveStream({ url: '/api/admin/live', token: 'secret-token', headers: { 'X-Hoy-Activity': 'background' } }, handlers(), source.open);
    expect(source.calls[0].url).toBe('/api/admin/live');
    expect(source.init().headers).toEqual({ Authorization: 'Bearer secret-token', 'X-Hoy-Activity': 'background' });
  });

  it('hands changes, badges and resyncs to their handlers', async () => {
    const source = fakeSource();
    const on = handlers();
    openLiveStream({ url: '/live', token: 't' }, on, source.open);
    await source.init().onopen?.(streamResponse());
    source.init().onmessage?.(message('changes', { changes: [{ resource: 'bookings', action: 'created', id: 7 }] }, '12'));
    source.init().onmessage?.(message('badges', { listings: 3 }));
    source.init().onmessage?.(message('resync', {}));
    expect(on.onChanges).toHaveBeenCalledWith([{ resource: 'bookings', action: 'created', id: 7 }]);
    expect(on.onBadges).toHaveBeenCalledWith({ listings: 3 });
    expect(on.onResync).toHaveBeenCalledOnce();
    expect(on.onStop).not.toHaveBeenCalled();
  });

  it('connects again after a network drop or a closed stream, a little later each time', () => {
    const source = fakeSource();
    openLiveStream({ url: '/live', token: 't' }, handlers(), source.open);
    const first = source.init().onerror?.(new TypeError('network'));
    const second = source.init().onerror?.(new TypeError('network'));
    expect(first).toBeGreaterThanOrEqual(750);
    expect(second).toBeGreaterThan(first as number);
    // A stream that ends without `event: end` (a process went away) is an error: the library tries again.
    expect(() => source.init().onclose?.()).toThrow('live stream closed');
    expect(retryDelay(20, () => 0.5)).toBe(30_000);
  });

  it('stops for good on a 401 and tells why, with the reason of its body', async () => {
    const source = fakeSource();
    const on = handlers();
    openLiveStream({ url: '/live', token: 't' }, on, source.open);
    const refusal = await source
      .init()
      .onopen?.(streamResponse(401, { reason: 'session-expired' }))
      .catch((error: unknown) => error);
    // The library hands the refusal to onerror, which throws it on instead of retrying, and rejects.
    expect(() => source.init().onerror?.(refusal)).toThrow('live stream stopped');
    source.calls[0].settle.reject(refusal);
    await vi.waitFor(() => expect(on.onStop).toHaveBeenCalledWith({ status: 401, reason: 'session-expired' }));
    expect(source.init().signal?.aborted).toBe(true);
  });

  it('stops for good on `event: end` and closes the request', () => {
    const source = fakeSource();
    const on = handlers();
    openLiveStream({ url: '/live', token: 't' }, on, source.open);
    source.init().onmessage?.(message('end', { reason: 'expired' }));
    expect(on.onStop).toHaveBeenCalledWith({ end: 'expired' });
    expect(source.init().signal?.aborted).toBe(true);
  });

  it('closes when its closer is called (sign-out), without calling it a stop', () => {
    const source = fakeSource();
    const on = handlers();
    const close = openLiveStream({ url: '/live', token: 't' }, on, source.open);
    close();
    expect(source.init().signal?.aborted).toBe(true);
    expect(on.onStop).not.toHaveBeenCalled();
  });
});
