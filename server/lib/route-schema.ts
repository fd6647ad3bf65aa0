// How a route describes itself to validation and to the OpenAPI document, written once: its tag,
// summary, inputs, its answer and the error answers it can give. Every route with an input can answer
// 400; every guarded route can answer 401 and names the bearer token.
import type { z } from 'zod';
import { errorSchema } from '../../src/contracts/common';

type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 429 | 503;
type SuccessStatus = 200 | 201 | 204;

export interface RouteSpec {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema; its status is `status`, 200 unless said. */
  ok: z.ZodType;
  status?: SuccessStatus;
  /** Error answers besides 400 (with an input) and 401 (guarded). */
  errors?: readonly ErrorStatus[];
  description?: string;
}

type Inputs<S extends RouteSpec> = Pick<S, Extract<keyof S, 'params' | 'querystring' | 'body'>>;
type Success<S extends RouteSpec> = S['status'] extends SuccessStatus ? S['status'] : 200;
type Responses<S extends RouteSpec> = Record<Success<S>, S['ok']> & Partial<Record<ErrorStatus, typeof errorSchema>>;

export interface RouteSchema<S extends RouteSpec> {
  schema: Inputs<S> & {
    tags: string[];
    summary: string;
    description?: string;
    security?: Array<Record<string, string[]>>;
    response: Responses<S>;
  };
}

function describe<const S extends RouteSpec>(tag: string, summary: string, spec: S, guarded: boolean): RouteSchema<S> {
  const { ok, status = 200, errors = [], description, params, querystring, body } = spec;
  const inputs = { ...(params && { params }), ...(querystring && { querystring }), ...(body && { body }) } as Inputs<S>;
  const errorStatuses = new Set<ErrorStatus>(errors);
  if (params || querystring || body) errorStatuses.add(400);
  if (guarded) errorStatuses.add(401);
  const response: Record<number, z.ZodType> = { [status]: ok };
  for (const code of [...errorStatuses].sort((a, b) => a - b)) response[code] = errorSchema;
  return {
    schema: {
      ...inputs,
      tags: [tag],
      summary,
      ...(description ? { description } : {}),
      ...(guarded ? { security: [{ bearer: [] }] } : {}),
      response: response as Responses<S>,
    },
  };
}

/** A call behind the auth guard: the bearer token, 401 without a live session. */
export function adminRoute<const S extends RouteSpec>(tag: string, summary: string, spec: S): RouteSchema<S> {
  return describe(tag, summary, spec, true);
}

/** A call anyone may make (server/routes.ts lists them). */
export function publicRoute<const S extends RouteSpec>(tag: string, summary: string, spec: S): RouteSchema<S> {
  return describe(tag, summary, spec, false);
}
