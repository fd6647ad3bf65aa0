// An answer sent before its request's body has fully arrived (413 over a route's body limit, or a
// 401 or 429 decided before the body is read) must still reach a client that is busy writing.
//
// Closing a socket that has unread bytes makes the kernel send a reset, and a reset makes the
// client's kernel throw away the answer it has received but not yet read: the client sees EPIPE or
// ECONNRESET instead of the 413. Fastify asks for `Connection: close` after refusing a body, and
// Node closes the socket as soon as that answer is written, so the reset was likely whenever the
// client was still writing. Here the connection stays open instead (RFC 9112 section 9.6, "staged
// close"): the rest of the body is read and thrown away, never buffered, and once it has ended the
// connection is an ordinary idle keep-alive connection again. The draining is bounded (bytes and
// time, docs/decisions/008), so a client that never stops cannot hold the connection forever.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

interface DrainLimits {
  /** Unread body read and dropped at most per answer; past it the connection is closed. */
  bytes: number;
  /** The longest a connection is kept for draining. */
  milliseconds: number;
}

/**
 * 32 MB: well above what a browser or a mistaken script uploads to a JSON API, and reading and
 * dropping it costs nothing but bandwidth. 10 seconds: enough for that on a slow line, short enough
 * that connections held by clients that never finish do not pile up.
 */
export const UNREAD_BODY_DRAIN_LIMITS: DrainLimits = { bytes: 32 * 1024 * 1024, milliseconds: 10_000 };

export function registerUnreadBodyDrain(app: FastifyInstance, limits: DrainLimits = UNREAD_BODY_DRAIN_LIMITS): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const incoming = request.raw;
    // inject() simulates requests without a connection: nothing to keep open there.
    if (incoming.complete || !(incoming.socket instanceof Socket) || incoming.socket.destroyed) return payload;
    const response = reply.raw;
    // Node destroys the socket as soon as an answer that is not keep-alive is written (Fastify's
    // `Connection: close` after a refused body, or the client's own): keep-alive is what keeps the
    // socket open while the rest is read. A client that asked to close (or speaks HTTP/1.0) is
    // closed too, only after its body has ended.
    const isClosingAfterDrain = !response.shouldKeepAlive;
    if (String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') reply.removeHeader('connection');
    response.shouldKeepAlive = true;
    drainUnreadBody(incoming, response, isClosingAfterDrain, limits);
    return payload;
  });
}

function drainUnreadBody(incoming: IncomingMessage, response: ServerResponse, isClosingAfterDrain: boolean, limits: DrainLimits): void {
  const { socket } = incoming;
  let drainedBytes = 0;
  const stopDraining = () => {
    clearTimeout(deadline);
    incoming.off('data', countChunk);
    incoming.off('end', onEnd);
    socket.off('close', stopDraining);
  };
  const giveUp = () => {
    stopDraining();
    socket.destroy();
  };
  const countChunk = (chunk: Buffer | string) => {
    drainedBytes += chunk.length;
    if (drainedBytes > limits.bytes) giveUp();
  };
  const onEnd = () => {
    stopDraining();
    if (!isClosingAfterDrain) return;
    // Everything the client sent is read, so closing now cannot turn into a reset; the answer goes out first.
    if (response.writableFinished) socket.end();
    else response.once('finish', () => socket.end());
  };
  const deadline = setTimeout(giveUp, limits.milliseconds);
  deadline.unref();
  // A 'data' listener reads the body in flowing mode: each chunk is counted and dropped.
  incoming.on('data', countChunk);
  incoming.once('end', onEnd);
  socket.once('close', stopDraining);
}
