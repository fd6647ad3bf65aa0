// Overload is refused, not queued without bound: while the event loop lags or the heap runs near its
// limit, every request (health included) is answered 503 with Retry-After at once, so a load
// balancer sends traffic elsewhere and clients back off (@fastify/under-pressure samples both).
import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const OVERLOADED_MESSAGE = 'The server is overloaded. Please try again shortly.';
const OVERLOADED_REASON = 'overloaded';
const RETRY_AFTER_SECONDS = 5;
/** The heap may grow to this share of V8's limit before requests are refused. */
const HEAP_SHARE = 0.9;
/** How often the guard samples the event loop's delay and the heap. */
const SAMPLE_INTERVAL_MS = 500;
/** The longest the start waits for a sample without overload before it takes traffic anyway. */
const SETTLE_LIMIT_MS = 5000;

export async function registerOverloadGuard(app: FastifyInstance, config: Config): Promise<void> {
  if (config.maxEventLoopDelayMs === 0) return;
  // One line a second at most, with the count since the last: a line per refusal would add to the
  // very load being shed (each request's own log line still shows its 503).
  let refusedSinceLine = 0;
  let lineWrittenAt = -Infinity;
  await app.register(underPressure, {
    // The mean delay over each sample: a single long turn (a big JSON.parse) does not trip it, a loop that stays late does.
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * HEAP_SHARE),
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler(request, reply, type, value) {
      refusedSinceLine += 1;
      if (performance.now() - lineWrittenAt >= 1000) {
        request.log.warn({ event: 'overload.refused', type, value, refused: refusedSinceLine }, 'refused requests while overloaded');
        refusedSinceLine = 0;
        lineWrittenAt = performance.now();
      }
      void reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send({ statusCode: 503, error: 'Service Unavailable', message: OVERLOADED_MESSAGE, reason: OVERLOADED_REASON });
    },
  });
}

/**
 * Waits until the guard's latest sample was taken after the start's own work and shows no overload
 * (at most SETTLE_LIMIT_MS). Migrating the embedded database holds the event loop for seconds, and
 * the guard's first sample after it counts that wait: taken as the start finished, it refused the
 * first requests after "is ready" for half a second (a health probe in the process test met that 503).
 * A sample is taken every SAMPLE_INTERVAL_MS, so after a little more than one interval the latest no
 * longer spans the start.
 */
export async function settleOverloadGuard(app: FastifyInstance, config: Config): Promise<void> {
  if (config.maxEventLoopDelayMs === 0) return;
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  do await new Promise((resolve) => setTimeout(resolve, SAMPLE_INTERVAL_MS + 50));
  while (app.isUnderPressure() && performance.now() < deadline);
}
