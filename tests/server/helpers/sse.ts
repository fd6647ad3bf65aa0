// A live stream (GET /api/admin/live, docs/decisions/026-live-changes.md) read message by message, as
// a browser's event source would, over a real HTTP connection.
import { LIVE_STREAM_PATH, type LiveChange, type LiveChanges } from '../../../src/contracts/live';
import type { FastifyInstance } from 'fastify';

export interface SseMessage {
  event: string;
  id?: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  /** The process that answered (X-Hoy-Server, set by the proxy), when there is one. */
  server: string;
  /** A refusal's Retry-After header, when it has one. */
  retryAfter: string | null;
  /** The next message whose event is `event` (others before it are passed over), or undefined once the stream has ended. */
  next(event: string, timeoutMs?: number): Promise<SseMessage | undefined>;
  close(): void;
}

/** Opens `baseUrl`'s live stream with `token`; `headers` adds e.g. Last-Event-ID. */
export async function openStream(baseUrl: string, token: string | undefined, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${LIVE_STREAM_PATH}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: controller.signal,
  });
  const server = response.headers.get('x-hoy-server') ?? '';
  if (response.status !== 200) {
    await response.text();
    return { status: response.status, server, retryAfter: response.headers.get('retry-after'), next: async () => undefined, close: () => {} };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const messages: SseMessage[] = [];
  let isDone = false;
  let reading: Promise<void> | undefined;
  const pull = async () => {
    try {
      const { value, done } = await reader.read();
      if (done) isDone = true;
      buffered += value ?? '';
    } catch {
      // The connection broke (its process died): the stream has ended.
      isDone = true;
    }
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      if (fields.event) messages.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
    }
  };
  return {
    status: response.status,
    server,
    retryAfter: response.headers.get('retry-after'),
    // 15 s, as expect.poll waits: the live service reads a change only once every transaction older than
    // it has ended, and transaction ids are the whole PostgreSQL server's, so another test file's long
    // transaction in its own database holds this one's changes back (record-notes failed so in CI,
    // at 5 s). A wait is not a timing claim.
    async next(event, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((message) => message.event === event);
        if (index >= 0) return messages.splice(0, index + 1).at(-1);
        if (isDone) return undefined;
        if (Date.now() > deadline) throw new Error(`no "${event}" message within ${timeoutMs} ms`);
        reading ??= pull().finally(() => (reading = undefined));
        await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 50))]);
      }
    },
    close: () => controller.abort(),
  };
}

/** A `changes` message's changes; none when the stream ended first. */
export const changesOf = (message: SseMessage | undefined): LiveChange[] => (message ? (message.data as LiveChanges).changes : []);

export interface RawStream {
  status: number;
  headers: Headers;
  /** Everything received so far, as sent: every event, id, data line and comment. */
  text(): string;
  /** Reads until the text received contains `expected`; answers the whole text. */
  readUntil(expected: string, timeoutMs?: number): Promise<string>;
  close(): void;
}

/**
 * Opens `baseUrl`'s live stream with `token` and keeps its raw text, unparsed: a test then asserts what
 * the wire carried, metadata included, not only what a parser picked out of it.
 */
export async function openRawStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<RawStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${LIVE_STREAM_PATH}`, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
  let received = '';
  let isDone = response.status !== 200;
  if (isDone) received = await response.text();
  const reader = isDone ? undefined : response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let reading: Promise<void> | undefined;
  const pull = async () => {
    try {
      const { value, done } = await reader!.read();
      if (done) isDone = true;
      received += value ?? '';
    } catch {
      isDone = true;
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    text: () => received,
    async readUntil(expected, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!received.includes(expected)) {
        if (isDone) throw new Error(`the stream ended without ${expected}`);
        if (Date.now() > deadline) throw new Error(`no ${expected} within ${timeoutMs} ms`);
        reading ??= pull().finally(() => (reading = undefined));
        await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 50))]);
      }
      return received;
    },
    close: () => controller.abort(),
  };
}

/** A change as the wire spells it inside a `changes` message. */
export const changeText = (resource: string, action: string, id: number) => JSON.stringify({ resource, action, id });

/** Listens on a free port of 127.0.0.1 (a live stream needs a real socket, not inject); answers the base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}
