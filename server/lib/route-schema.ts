// How a route describes itself to validation and to the OpenAPI document, written once: its tag,
// summary, inputs, its answer and the error answers it can give. Every route with an input can answer
// 400; every guarded route can answer 401 and names the bearer token. A guarded route also declares
// the one permission it needs (src/contracts/roles.ts): it answers 403 to other roles, and its
// description names the roles that may call it (docs/decisions/018-staff-roles.md).
import type { z } from 'zod';
import { ACCOUNT_REASONS } from '../../src/contracts/account-reasons';
import { STEP_UP_MINUTES } from '../../src/contracts/account';
import { errorSchema } from '../../src/contracts/common';
import type { Permission } from '../../src/contracts/roles';
import { ROLE_TABLE } from '../role-table';

/** Who may make a guarded call: read by the auth guard before any route code runs. */
export interface RouteAccess {
  permission: Permission;
  /** True when this call is an export (CSV, the whole array): it then needs the `export` permission too. */
  isExport?: (query: Record<string, unknown>) => boolean;
  /**
   * Open to a member who must still set up the second factor their role requires (who am I, sign
   * out, the enrolment itself); every other call answers them 403 (docs/decisions/020-second-factor.md).
   */
  isOpenBeforeSecondFactor?: boolean;
  /** Never counts as the member's activity, so a session left alone still goes idle (the live stream). */
  isBackground?: boolean;
  /**
   * A call that can take an account: the session must have stepped up in the last few minutes, with
   * a second factor when the member has one, or it answers 403 `step-up-required` before any route
   * code runs (docs/decisions/039-step-up.md). A rule: only the calls whose body it picks (a large
   * refund), checked once the body is validated, still before any route code.
   */
  requiresStepUp?: boolean | StepUpRule;
}

/** A step-up that some calls of a route need, chosen by their validated body. */
export interface StepUpRule {
  isNeeded(body: unknown): boolean;
  /** When it is needed, as the OpenAPI description says it: "When amountMinor is above 50000". */
  condition: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by adminRoute on every guarded route; a guarded route without it stops the app at start. */
    access?: RouteAccess;
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;
type SuccessStatus = 200 | 201 | 204;

interface RouteSpec {
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

/** A guarded call's spec: what it needs of the caller's role besides a live session. */
interface AdminRouteSpec extends RouteSpec {
  access: Permission | RouteAccess;
}

type Inputs<S extends RouteSpec> = Pick<S, Extract<keyof S, 'params' | 'querystring' | 'body'>>;
type Success<S extends RouteSpec> = S['status'] extends SuccessStatus ? S['status'] : 200;
type Responses<S extends RouteSpec> = Record<Success<S>, S['ok']> & Partial<Record<ErrorStatus, typeof errorSchema>>;

interface RouteSchema<S extends RouteSpec> {
  config?: { access: RouteAccess };
  schema: Inputs<S> & {
    tags: string[];
    summary: string;
    description?: string;
    security?: Array<Record<string, string[]>>;
    response: Responses<S>;
  };
}

/** The sentence the OpenAPI description ends with: which roles may make the call. */
function rolesSentence(access: RouteAccess): string {
  const { rolesWith } = ROLE_TABLE;
  const roles = `Roles: ${rolesWith(access.permission).join(', ')} (permission ${access.permission}).`;
  if (!access.isExport) return roles;
  const exporters = rolesWith(access.permission).filter((role) => rolesWith('export').includes(role));
  return `${roles} The CSV and the whole array also need the export permission: ${exporters.join(', ')}.`;
}

/** What a call that needs a step-up says of it in the OpenAPI document. */
const STEP_UP_SENTENCE = `Needs a step-up of this session (POST /api/admin/account/step-up) in the last ${STEP_UP_MINUTES} minutes, with a code or a recovery code when the member has a second factor; otherwise 403 with reason \`${ACCOUNT_REASONS.stepUpRequired}\` and nothing changes.`;
const stepUpSentence = (rule: true | StepUpRule): string =>
  rule === true ? STEP_UP_SENTENCE : `${rule.condition}: ${STEP_UP_SENTENCE.replace('Needs', 'needs')}`;

function describe<const S extends RouteSpec>(tag: string, summary: string, spec: S, access: RouteAccess | undefined): RouteSchema<S> {
  const { ok, status = 200, errors = [], params, querystring, body } = spec;
  const guarded = access !== undefined;
  const inputs = { ...(params && { params }), ...(querystring && { querystring }), ...(body && { body }) } as Inputs<S>;
  const errorStatuses = new Set<ErrorStatus>(errors);
  if (params || querystring || body) errorStatuses.add(400);
  if (guarded) {
    errorStatuses.add(401);
    errorStatuses.add(403);
  }
  const response: Record<number, z.ZodType> = { [status]: ok };
  for (const code of [...errorStatuses].sort((a, b) => a - b)) response[code] = errorSchema;
  const description = [spec.description, access?.requiresStepUp && stepUpSentence(access.requiresStepUp), access && rolesSentence(access)]
    .filter(Boolean)
    .join(' ');
  return {
    ...(access ? { config: { access } } : {}),
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

/** A call behind the auth guard: the bearer token, 401 without a live session, 403 for a role without `access`. */
export function adminRoute<const S extends AdminRouteSpec>(tag: string, summary: string, spec: S): RouteSchema<S> {
  const access = typeof spec.access === 'string' ? { permission: spec.access } : spec.access;
  return describe(tag, summary, spec, access);
}

/** A call anyone may make (server/routes.ts lists them). */
export function publicRoute<const S extends RouteSpec>(tag: string, summary: string, spec: S): RouteSchema<S> {
  return describe(tag, summary, spec, undefined);
}
