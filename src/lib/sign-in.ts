// Sign-in with e-mail and password: the one call both the login page and the admin's auth provider
// make. Plain fetch, so the login page loads no HTTP library.
import { API_BASE_URL } from './api-base';
import { storeToken } from './session';

/** The catalogue key of the message a failed sign-in shows. */
export type SignInFailure =
  | 'admin.auth.failed'
  | 'admin.auth.tooManyAttempts'
  | 'admin.auth.busy'
  | 'admin.auth.error';

const FAILURE_BY_STATUS: Record<number, SignInFailure> = {
  401: 'admin.auth.failed',
  429: 'admin.auth.tooManyAttempts',
  503: 'admin.auth.busy',
};

/** Signs in and stores the token; answers the failure's message key, or null on success. */
export async function signIn(email: string, password: string, apiUrl: string = API_BASE_URL): Promise<SignInFailure | null> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, password }),
      // The device cookie (docs/security.md) goes back to the sign-in call.
      credentials: 'same-origin',
    });
  } catch {
    return 'admin.auth.error';
  }
  if (!response.ok) return FAILURE_BY_STATUS[response.status] ?? 'admin.auth.error';
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (typeof body?.token !== 'string' || body.token === '') return 'admin.auth.failed';
  storeToken(body.token);
  return null;
}
