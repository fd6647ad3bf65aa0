// The OpenAPI document, generated from the routes' zod schemas and served at GET /api/openapi.json,
// and its reference page at /api/docs (Swagger UI: its own files, no inline script, so it works under
// the Content-Security-Policy). Both public. Registered before the routes, so that it sees every one.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

interface OpenApiOptions {
  appName: string;
}

export const openApi = fp<OpenApiOptions>(
  async (app, { appName }) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: `${appName} API`, version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      // Tags listed folded, each opened by a click: with every one of the 128 calls open at once, Swagger
      // UI drew the first two tags and no more (no error said why; seen on Chromium, 7 December 2026).
      uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
    });
  },
  { name: 'openapi' },
);
