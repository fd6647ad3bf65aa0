import type { AuthProvider, HttpError } from '@refinedev/core';
import { isAxiosError, type AxiosInstance } from 'axios';
import { i18n } from '../../i18n';
import { registerAdminCatalogue } from '../../i18n/admin-catalogue';
import { API_BASE_URL, createApiClient } from '../../lib/api-client';
import { clearToken, readToken, rememberExitPath, storeToken } from '../../lib/session';

// The error texts below live in the admin catalogue, also when a provider is used on its own (tests).
registerAdminCatalogue();

export type LoginCredentials = { email: string; password: string };

/** Where a 401 sends the administrator; the login page shows "Unauthorized access. Please login again." for it. */
export const UNAUTHORIZED_REDIRECT = '/login?reason=unauthorized';

function loginError(messageKey: string): Error {
  const error = new Error(i18n.t(messageKey));
  error.name = i18n.t('admin.login.failedTitle');
  return error;
}

function statusOf(error: unknown): number | undefined {
  if (isAxiosError(error)) return error.response?.status;
  if (typeof error === 'object' && error !== null && 'statusCode' in error) return (error as HttpError).statusCode;
  return undefined;
}

/** The admin session: log in with e-mail and password, keep the token, end the session on logout or a 401. */
export function createAuthProvider(apiUrl: string = API_BASE_URL, client: AxiosInstance = createApiClient(apiUrl)): AuthProvider {
  return {
    async login({ email, password }: LoginCredentials) {
      try {
        const { data } = await client.post<{ token?: unknown }>('admin/admin-login', { email, password });
        if (typeof data?.token !== 'string' || data.token === '') {
          return { success: false, error: loginError('admin.auth.failed') };
        }
        storeToken(data.token);
        return { success: true, redirectTo: '/dashboard' };
      } catch (error) {
        const status = statusOf(error);
        if (status === 401) return { success: false, error: loginError('admin.auth.failed') };
        if (status === 429) return { success: false, error: loginError('admin.auth.tooManyAttempts') };
        return { success: false, error: loginError('admin.auth.error') };
      }
    },

    async logout() {
      if (readToken()) {
        // The token is dropped locally even when the server cannot be told, so logout always works.
        await client.post('admin/logout').catch(() => undefined);
      }
      clearToken();
      rememberExitPath('/login');
      return { success: true, redirectTo: '/login' };
    },

    async check() {
      if (readToken()) return { authenticated: true };
      return {
        authenticated: false,
        redirectTo: '/login',
        error: { name: i18n.t('admin.auth.unauthorizedTitle'), message: i18n.t('admin.auth.missingToken') },
      };
    },

    async onError(error: unknown) {
      if (statusOf(error) !== 401) return {};
      rememberExitPath(UNAUTHORIZED_REDIRECT);
      return {
        logout: true,
        redirectTo: UNAUTHORIZED_REDIRECT,
        error: { name: i18n.t('admin.auth.unauthorizedTitle'), message: i18n.t('admin.auth.unauthorized') },
      };
    },

    async getIdentity() {
      return readToken() ? { role: 'administrator' } : null;
    },
  };
}
