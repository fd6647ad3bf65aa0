// Bodies over the limit, over a real TCP connection: the client always reads 413 and its JSON body,
// even while it is still writing, and is never cut off by a reset before it has read the answer.
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUnreadBodyDrain, UNREAD_BODY_DRAIN_LIMITS } from '../../server/lib/unread-body';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let port: number;
/** A bare app with a route of its own, smaller limit and short drain bounds, to test the bounds quickly. */
let bare: FastifyInstance;
let barePort: number;
const SHORT_DRAIN = { bytes: 4 * 1024 * 1024, milliseconds: 500 };
beforeAll(async () => {
  t = await createTestApp({ rateLimitPublic: 1_000_000, rateLimitLogin: 1_000_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  bare = Fastify();
  registerUnreadBodyDrain(bare, SHORT_DRAIN);
  bare.post('/small', { bodyLimit: 16 * 1024 }, async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  barePort = (bare.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

const MEGABYTE = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

interface Exchange {
  /** Everything the server sent, as text. */
  answer: string;
  /** The socket error the client saw, if any, and whether the whole answer had arrived before it. */
  error?: string;
  errorBeforeAnswer: boolean;
  bytesWritten: number;
}

/** The status line and the JSON body of a complete HTTP/1.1 answer with Content-Length, or undefined while incomplete. */
function parseAnswer(text: string): { statusLine: string; headers: string; body: string } | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = text.slice(0, headEnd);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!length) return undefined;
  const body = text.slice(headEnd + 4, headEnd + 4 + Number(length[1]));
  if (Buffer.byteLength(body) < Number(length[1])) return undefined;
  return { statusLine: head.split('\r\n')[0], headers: head, body };
}

/**
 * Sends the request head, then writes `bodyBytes` in 64 KB chunks whatever the server answers
 * meanwhile (as a naive uploader does), honouring only TCP back-pressure; then waits until the
 * server closes or the answer is complete.
 */
function sendLargeBody(options: {
  path: string;
  bodyBytes: number;
  framing: 'content-length' | 'chunked';
  headers?: string;
  to?: number;
  /** Stop writing after this many bytes and wait, as a stalled client does. */
  stallAfter?: number;
}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(options.to ?? port, '127.0.0.1');
    const received: Buffer[] = [];
    const exchange: Exchange = { answer: '', errorBeforeAnswer: false, bytesWritten: 0 };
    let isDone = false;
    const hasAnswer = () => parseAnswer(Buffer.concat(received).toString('utf8')) !== undefined;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      exchange.answer = Buffer.concat(received).toString('utf8');
      socket.destroy();
      resolve(exchange);
    };
    socket.on('data', (data) => received.push(data));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      exchange.error = error.code ?? error.message;
      exchange.errorBeforeAnswer = !hasAnswer();
      finish();
    });
    socket.on('close', finish);

    const framing = options.framing === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${options.bodyBytes}\r\n`;
    socket.write(`POST ${options.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${options.headers ?? ''}${framing}\r\n`);

    async function writeBody() {
      const write = (data: Buffer | string) =>
        new Promise<void>((done) => {
          if (socket.write(data)) done();
          else socket.once('drain', done);
        });
      const stopAt = Math.min(options.bodyBytes, options.stallAfter ?? options.bodyBytes);
      while (exchange.bytesWritten < stopAt && !socket.destroyed) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, stopAt - exchange.bytesWritten));
        await (options.framing === 'chunked' ? write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`) : write(chunk));
        exchange.bytesWritten += chunk.length;
      }
      if (stopAt < options.bodyBytes) return;
      if (options.framing === 'chunked' && !socket.destroyed) await write('0\r\n\r\n');
      // Everything is written: read until the answer is complete (the server may keep the connection).
      const waitForAnswer = () => (hasAnswer() ? finish() : setTimeout(waitForAnswer, 10));
      waitForAnswer();
    }
    socket.once('connect', () => void writeBody());
  });
}

function expectPayloadTooLarge(exchange: Exchange, label: string) {
  expect(exchange.errorBeforeAnswer, `${label}: ${exchange.error} before the answer`).toBe(false);
  const answer = parseAnswer(exchange.answer);
  expect(answer?.statusLine, `${label}: ${exchange.answer.slice(0, 200)}`).toBe('HTTP/1.1 413 Payload Too Large');
  expect(answer!.headers).toMatch(/\r\ncontent-type: application\/json/i);
  const body = JSON.parse(answer!.body) as { statusCode: number; message: string };
  expect(body.statusCode).toBe(413);
  expect(body.message).toBeTruthy();
}

describe('a body over the limit, over TCP', () => {
  const cases = [
    { path: '/api/data/add-email-subscriber', framing: 'content-length' },
    { path: '/api/data/add-email-subscriber', framing: 'chunked' },
    { path: '/api/data/add-host-information', framing: 'content-length' },
    { path: '/api/admin/admin-login', framing: 'chunked' },
  ] as const;

  for (const { path, framing } of cases) {
    it(`answers 413 to 10 MB sent to ${path} with ${framing}, every time, and the client writes it all without a reset`, async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const exchange = await sendLargeBody({ path, bodyBytes: 10 * MEGABYTE, framing });
        expectPayloadTooLarge(exchange, `${framing} attempt ${attempt}`);
        expect(exchange.error, `${framing} attempt ${attempt}`).toBeUndefined();
        expect(exchange.bytesWritten).toBe(10 * MEGABYTE);
      }
    });
  }

  it('answers 413 to several uploads at once', async () => {
    const exchanges = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sendLargeBody({ path: '/api/data/add-email-subscriber', bodyBytes: 10 * MEGABYTE, framing: index % 2 ? 'chunked' : 'content-length' }),
      ),
    );
    for (const [index, exchange] of exchanges.entries()) {
      expectPayloadTooLarge(exchange, `upload ${index}`);
      expect(exchange.error).toBeUndefined();
    }
  });

  it('keeps the connection usable once the rest of the body is read', async () => {
    const exchange = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`closed after ${Buffer.concat(received).toString('utf8').slice(0, 300)}`)));
      socket.on('data', (data) => {
        received.push(data);
        const text = Buffer.concat(received).toString('utf8');
        if (text.includes('"status"')) {
          socket.destroy();
          resolve(text);
        }
      });
      const body = Buffer.alloc(2 * MEGABYTE, 'x');
      socket.write(
        `POST /api/data/add-email-subscriber HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(exchange.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect(exchange).toMatch(/HTTP\/1\.1 200 OK/);
  });

  it('answers 413 to a client that asked to close, after reading its whole body', async () => {
    for (const framing of ['content-length', 'chunked'] as const) {
      const exchange = await sendLargeBody({ path: '/api/data/add-email-subscriber', bodyBytes: 10 * MEGABYTE, framing, headers: 'Connection: close\r\n' });
      expectPayloadTooLarge(exchange, `${framing} with Connection: close`);
      expect(exchange.error).toBeUndefined();
      expect(exchange.bytesWritten).toBe(10 * MEGABYTE);
    }
  });

  it('lets a client read a 401 decided before its 10 MB body arrived, without a reset', async () => {
    const exchange = await sendLargeBody({ path: '/api/admin/conversations/1/messages', bodyBytes: 10 * MEGABYTE, framing: 'content-length' });
    expect(exchange.error).toBeUndefined();
    expect(parseAnswer(exchange.answer)?.statusLine).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('drains at most 32 MB and 10 seconds by default', () => {
    expect(UNREAD_BODY_DRAIN_LIMITS).toEqual({ bytes: 32 * MEGABYTE, milliseconds: 10_000 });
  });
});

describe('draining bounds, on a route with a limit of its own', () => {
  it('answers 413 over a 16 KB route limit to a client writing 3 MB, every time', async () => {
    for (const framing of ['content-length', 'chunked', 'content-length', 'chunked'] as const) {
      const exchange = await sendLargeBody({ to: barePort, path: '/small', bodyBytes: 3 * MEGABYTE, framing });
      expect(exchange.error, framing).toBeUndefined();
      expect(parseAnswer(exchange.answer)?.statusLine, framing).toBe('HTTP/1.1 413 Payload Too Large');
    }
  });

  it('stops reading a body past the byte bound, having answered 413 first', async () => {
    const exchange = await sendLargeBody({ to: barePort, path: '/small', bodyBytes: 64 * MEGABYTE, framing: 'content-length' });
    expect(exchange.errorBeforeAnswer).toBe(false);
    expect(parseAnswer(exchange.answer)?.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    // The server read past the bound before closing; the client may not have counted its last chunk yet.
    expect(exchange.bytesWritten).toBeGreaterThanOrEqual(SHORT_DRAIN.bytes - CHUNK.length);
    expect(exchange.bytesWritten).toBeLessThan(64 * MEGABYTE);
  });

  it('closes the connection of a client that stalls mid-body once the time bound passes', async () => {
    const started = Date.now();
    const exchange = await sendLargeBody({ to: barePort, path: '/small', bodyBytes: 10 * MEGABYTE, framing: 'chunked', stallAfter: 64 * 1024 });
    const elapsed = Date.now() - started;
    expect(parseAnswer(exchange.answer)?.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(elapsed).toBeGreaterThanOrEqual(SHORT_DRAIN.milliseconds - 50);
    expect(elapsed).toBeLessThan(5_000);
  });
});
