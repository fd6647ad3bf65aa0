import { create, type AxiosInstance } from 'axios';
import { noteServerDate } from './server-clock';
import { readToken } from './session';

import { API_BASE_URL } from './api-base';

export { API_BASE_URL };

/**
 * Headers of a call the screen makes on its own (the live stream, presence), not the administrator: the server then
 * does not count it as activity, so a screen left open still lets its session go idle.
 */
export const BACKGROUND_ACTIVITY_HEADERS: Readonly<Record<string, string>> = { 'X-Hoy-Activity': 'background' };

/** An axios instance rooted at the API that sends the stored token as a bearer token on every call. */
export function createApiClient(baseURL: string = API_BASE_URL): AxiosInstance {
  const client = create({
    baseURL,
    headers: { Accept: 'application/json' },
  });
  client.interceptors.request.use((config) => {
    // A body-less POST (logout, approve) must not claim a content type: the server answers 415 to an empty form body.
    if (config.data === undefined) config.headers.setContentType(false);
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use((response) => {
    noteServerDate(response.headers.date);
    return response;
  });
  return client;
}

/** Fills an API path template such as `hosts/:id` with an id, encoded. */
export function fillPath(template: string, id?: string | number): string {
  return id === undefined ? template : template.replace(':id', encodeURIComponent(String(id)));
}
