// GET /api/admin/listings-map: the map of every listing, one view at a time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingsMapQuerySchema, listingsMapSchema } from '../../../src/contracts/listings-map';
import { adminRoute } from '../../lib/route-schema';

export const listingsMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/listings-map',
    adminRoute('listings', 'The listings of a map view: a cluster with its count for each grid cell of several, the listing itself for a cell of one', {
      access: 'listings.read',
      querystring: listingsMapQuerySchema,
      ok: listingsMapSchema,
      description:
        'The box (west, south, east, north in degrees) at a zoom (0 to 18) is widened to whole cells of 64 screen pixels, at most 4,096 pixels a side; status keeps one listing status.',
    }),
    async (request) => app.services.listingsMap.view(request.query),
  );
};
