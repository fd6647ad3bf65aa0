// Security headers on every answer (API, pages, assets, errors). A hand-written onSend hook rather
// than @fastify/helmet: the policy is a dozen fixed lines, and owning it keeps it visible (docs/decisions/008).
import type { FastifyInstance } from 'fastify';

/** Map tiles (MAP_TILE_ORIGIN) are the only third-party content, and only as images. */
const contentSecurityPolicy = (mapTileOrigin: string) =>
  [
    "default-src 'self'",
    // No 'unsafe-inline' and no 'unsafe-eval': every script is a built file from this origin.
    "script-src 'self'",
    // Ant Design's CSS-in-JS inserts <style> elements at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${mapTileOrigin}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The referrer policy of every answer that sets none stricter of its own (a download ticket's is `no-referrer`). */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

const ALWAYS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** One year, the usual preload threshold; subdomains are the operator's call, so left out. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** `/api`, `/api/...` and `/api?...`: the same test as the not-found handler's. */
const API_PATH = /^\/api(\/|\?|$)/;
/** The API reference page and its files: public, no personal data, meant to be shown. */
const API_DOCS_PATH = /^\/api\/docs(\/|\?|$)/;

export function registerSecurityHeaders(app: FastifyInstance, { mapTileOrigin }: { mapTileOrigin: string }): void {
  const always = { ...ALWAYS, 'content-security-policy': contentSecurityPolicy(mapTileOrigin) };
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(always);
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
    // API answers hold personal data behind a bearer token (hosts, bookings, CSV exports): no
    // browser, proxy or CDN may keep a copy, errors included. Static assets keep their own policy.
    if (API_PATH.test(request.url)) {
      reply.header('cache-control', 'no-store');
      // ASVS 14.4.2: an API answer opened as a page is saved, never shown (CSV exports name their own file).
      const isShown = API_DOCS_PATH.test(request.url);
      if (!isShown && !reply.hasHeader('content-disposition')) reply.header('content-disposition', 'attachment; filename="api.json"');
    }
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY is on; over plain HTTP HSTS is ignored anyway.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
