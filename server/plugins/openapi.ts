// The OpenAPI document, generated from the routes' zod schemas and served at GET /api/openapi.json
// (a public call). Registered before the routes, so that it sees every one of them.
import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface OpenApiOptions {
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
  },
  { name: 'openapi' },
);
