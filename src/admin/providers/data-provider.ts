import type { BaseKey, BaseRecord, CrudFilter, CrudSort, CustomParams, GetListParams, DataProvider, HttpError, Pagination } from '@refinedev/core';
import { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { i18n } from '../../i18n';
import { registerAdminCatalogue } from '../../i18n/admin-catalogue';
import { API_BASE_URL, createApiClient, fillPath } from '../../lib/api-client';
import { TOTAL_PENDING_HEADER } from '../../contracts/list-headers';
import { SESSION_EXPIRED_REASON } from '../../contracts/session';
import { findResource, type Endpoint, type ResourceEntry } from '../resources';

// The error texts below live in the admin catalogue, also when a provider is used on its own (tests).
registerAdminCatalogue();

/** The query parameters of the API's paged list form. */
type ListQuery = {
  page?: number;
  pageSize?: number;
  q?: string;
  status?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Other filters a resource's registry entry takes (e.g. the chats' `tab`). */
  [filter: string]: string | number | undefined;
};

type Envelope = { success?: boolean; data?: unknown; message?: string; reason?: unknown };

function createHttpError(statusCode: number, message: string): HttpError {
  return { statusCode, message };
}

/** Maps any failure of a call onto Refine's HttpError, with the texts of docs/product.md §22. */
function toHttpError(error: unknown): HttpError {
  if (isAxiosError(error)) {
    const status = error.response?.status;
    if (status === undefined) return createHttpError(0, i18n.t('admin.errors.network'));
    const body = error.response?.data as Envelope | undefined;
    if (status === 401) {
      // The reason tells the auth provider which text /login shows (a session ended by time, or any other 401).
      if (body?.reason === SESSION_EXPIRED_REASON) {
        return { ...createHttpError(401, i18n.t('admin.auth.sessionExpired')), reason: SESSION_EXPIRED_REASON };
      }
      return createHttpError(401, i18n.t('admin.auth.unauthorized'));
    }
    const message = typeof body?.message === 'string' && body.message !== '' ? body.message : i18n.t('admin.errors.server');
    // A refusal's reason (src/contracts/account.ts: "enrolment required", "code invalid"...) lets the screen and the auth provider tell it apart.
    return typeof body?.reason === 'string' ? { ...createHttpError(status, message), reason: body.reason } : createHttpError(status, message);
  }
  if (isHttpError(error)) return error;
  return createHttpError(0, error instanceof Error ? error.message : i18n.t('admin.errors.server'));
}

function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && 'statusCode' in error && 'message' in error;
}

/**
 * Refine pagination, sorters and filters in the API's paged form for `resource`; empty values are left
 * out. A filter the resource does not take is a mistake in the calling screen: it throws rather than
 * being dropped.
 */
export function toListQuery(
  pagination: Pagination | undefined,
  sorters: CrudSort[] | undefined,
  filters: CrudFilter[] | undefined,
  resource: Pick<ResourceEntry, 'name' | 'pageSize' | 'filterFields'>,
): ListQuery {
  const query: ListQuery = {};
  if ((pagination?.mode ?? 'server') === 'server') {
    query.page = pagination?.currentPage ?? 1;
    query.pageSize = pagination?.pageSize ?? resource.pageSize;
  }
  const [sorter] = sorters ?? [];
  if (sorter) {
    query.sort = sorter.field;
    query.order = sorter.order;
  }
  for (const filter of filters ?? []) {
    const field = 'field' in filter ? filter.field : filter.operator;
    if (!resource.filterFields.includes(field)) {
      throw new Error(`The ${resource.name} list takes the filters ${resource.filterFields.join(', ') || '(none)'}, not "${field}"`);
    }
    const value = filter.value === undefined || filter.value === null ? '' : String(filter.value).trim();
    if (value !== '') query[field] = value;
  }
  return query;
}

/** Extra request headers a caller passes as `meta: { headers }` (e.g. a poll's BACKGROUND_ACTIVITY_HEADERS). */
function headersOf(meta: unknown, headers?: unknown): Record<string, string> | undefined {
  const fromMeta = (meta as { headers?: unknown } | undefined)?.headers;
  const merged = { ...(isStringRecord(fromMeta) ? fromMeta : {}), ...(isStringRecord(headers) ? headers : {}) };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');
}

function unwrap<TData>(endpoint: Endpoint, response: AxiosResponse): TData {
  if (!endpoint.hasEnvelope) return response.data as TData;
  const body = (response.data ?? {}) as Envelope;
  if (body.success === false) throw createHttpError(response.status, body.message ?? i18n.t('admin.errors.server'));
  return body.data as TData;
}

function requireEndpoint(entry: ResourceEntry, method: keyof ResourceEntry['endpoints']): Endpoint {
  const endpoint = entry.endpoints[method];
  if (!endpoint) throw createHttpError(405, `${entry.name}: ${method}`);
  return endpoint;
}

/** Gives every row an `id` when the API names its key otherwise, so tables and links can rely on `id`. */
function withId<TData extends BaseRecord>(entry: ResourceEntry, row: TData): TData {
  if (!entry.idField || row.id !== undefined) return row;
  return { ...row, id: row[entry.idField] };
}

/**
 * The admin data provider: every resource's calls come from the registry in resources.ts.
 * `apiUrl` is the API root (default: same origin `/api`); the stored token goes along as a bearer token.
 */
export function createDataProvider(apiUrl: string = API_BASE_URL, client: AxiosInstance = createApiClient(apiUrl)): DataProvider {
  async function call<TData>(endpoint: Endpoint, config: AxiosRequestConfig): Promise<TData> {
    try {
      const response = await client.request({ timeout: endpoint.timeoutMs, ...config });
      return unwrap<TData>(endpoint, response);
    } catch (error) {
      throw toHttpError(error);
    }
  }

  return {
    getApiUrl: () => apiUrl,

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: GetListParams) {
      const entry = findResource(resource);
      const endpoint = entry.endpoints.getList;
      const params = toListQuery(pagination, sorters, filters, entry);
      try {
        const response = await client.get(endpoint.path, {
          params,
          timeout: endpoint.timeoutMs,
          headers: headersOf(meta),
          // Refine hands over the query's abort signal: a superseded search or a left page stops its request.
          signal: meta?.signal instanceof AbortSignal ? meta.signal : undefined,
        });
        const answer = unwrap<unknown>(endpoint, response);
        const rows = ((endpoint.rowsField ? (answer as Record<string, unknown> | undefined)?.[endpoint.rowsField] : answer) ?? []) as TData[];
        const data = rows.map((row) => withId(entry, row));
        if (response.headers[TOTAL_PENDING_HEADER] !== undefined) {
          // The total follows from the list's /total call (use-list-screen.ts). Meanwhile the rows so
          // far, and one more when the page is full, so that paging can go on.
          const { page = 1, pageSize = rows.length } = params;
          return { data, total: (page - 1) * pageSize + rows.length + (rows.length === pageSize ? 1 : 0), isTotalPending: true };
        }
        const totalHeader = response.headers['x-total-count'];
        const total = totalHeader === undefined ? rows.length : Number(totalHeader);
        return { data, total };
      } catch (error) {
        throw toHttpError(error);
      }
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id }: { resource: string; id: BaseKey }) {
      const entry = findResource(resource);
      const endpoint = requireEndpoint(entry, 'getOne');
      const data = await call<TData>(endpoint, { method: 'get', url: fillPath(endpoint.path, id) });
      return { data: withId(entry, data) };
    },

    async create<TData extends BaseRecord = BaseRecord>({ resource, variables }: { resource: string; variables: unknown }) {
      const entry = findResource(resource);
      const endpoint = requireEndpoint(entry, 'create');
      const data = await call<TData>(endpoint, { method: 'post', url: endpoint.path, data: variables });
      return { data: withId(entry, data) };
    },

    async update<TData extends BaseRecord = BaseRecord>({ resource, id, variables }: { resource: string; id: BaseKey; variables: unknown }) {
      const entry = findResource(resource);
      const endpoint = requireEndpoint(entry, 'update');
      const data = await call<TData | undefined>(endpoint, { method: 'put', url: fillPath(endpoint.path, id), data: variables });
      return { data: withId(entry, data ?? ({ id } as TData)) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id }: { resource: string; id: BaseKey }) {
      const entry = findResource(resource);
      const endpoint = requireEndpoint(entry, 'deleteOne');
      // DELETE answers `{ success: true }` without data; Refine still wants a record back.
      const data = await call<TData | undefined>(endpoint, { method: 'delete', url: fillPath(endpoint.path, id) });
      return { data: data ?? ({ id } as TData) };
    },

    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers, meta }: CustomParams) {
      const data = await call<TData>({ path: url }, { method, url, data: payload, params: query, headers: headersOf(meta, headers) });
      return { data };
    },
  };
}
