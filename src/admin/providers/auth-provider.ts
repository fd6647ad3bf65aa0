import type { AuthProvider, HttpError } from '@refinedev/core';
import { isAxiosError, type AxiosInstance } from 'axios';
import { i18n } from '../../i18n';
import { registerAdminCatalogue } from '../../i18n/admin-catalogue';
import { API_BASE_URL, createApiClient } from '../../lib/api-client';
import { ACCOUNT_REASONS } from '../../contracts/account-reasons';
import { SESSION_EXPIRED_REASON } from '../../contracts/session';
import type { MeResponse } from '../../contracts/staff';
import { followIdentity, identityGeneration, requireEnrolment } from '../identity-state';
import { clearToken, readToken, rememberExitPath } from '../../lib/session';
import { signIn, signInSecondFactor, type SecondFactorProof } from '../../lib/sign-in';

// The error texts below live in the admin catalogue, also when a provider is used on its own (tests).
registerAdminCatalogue();

/** The password step, or the second step with the challenge the password step answered. */
type LoginCredentials = { email: string; password: string } | ({ challenge: string } & SecondFactorProof);

/** Where a 401 sends the administrator; the login page shows "Unauthorized access. Please login again." for it. */
export const UNAUTHORIZED_REDIRECT = '/login?reason=unauthorized';
/** Where a 401 for a session ended by time (idle or too old) sends the administrator: "Your session has expired." */
export const SESSION_EXPIRED_REDIRECT = '/login?reason=expired';

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

/** The `reason` of a refusal: the server's body (axios) or the data provider's HttpError carries it. */
function reasonOf(error: unknown): unknown {
  if (isAxiosError(error)) return (error.response?.data as { reason?: unknown } | undefined)?.reason;
  return typeof error === 'object' && error !== null && 'reason' in error ? (error as { reason?: unknown }).reason : undefined;
}

/** The admin session: log in with e-mail and password, keep the token, end the session on logout or a 401. */
export function createAuthProvider(apiUrl: string = API_BASE_URL, client: AxiosInstance = createApiClient(apiUrl)): AuthProvider {
  /**
   * The signed-in member (GET /api/admin/me), asked once per token and per change to their own
   * account (src/admin/identity-state.ts); each answer says whether they must set up a second factor first.
   */
  let identity: { key: string; answer: Promise<MeResponse> } | undefined;
  function currentStaff(token: string): Promise<MeResponse> {
    const readIn = identityGeneration();
    const key = `${readIn}:${token}`;
    if (identity?.key !== key) {
      const answer = client.get<MeResponse>('admin/me').then((response) => {
        followIdentity(response.data, readIn);
        return response.data;
      });
      identity = { key, answer };
      // A failed answer is asked again next time.
      answer.catch(() => {
        if (identity?.answer === answer) identity = undefined;
      });
    }
    return identity.answer;
  }

  return {
    /**
     * Either step of a sign-in. A right password of a member with a second factor answers
     * `success: false` with the `challenge` to send back with a code (the login page does so itself).
     */
    async login(credentials: LoginCredentials) {
      const signedIn = { success: true, redirectTo: '/dashboard' };
      if ('challenge' in credentials) {
        const { challenge, ...proof } = credentials;
        const result = await signInSecondFactor(challenge, proof, apiUrl);
        return result.step === 'signed-in' ? signedIn : { success: false, error: loginError(result.failure), hasEnded: result.hasEnded };
      }
      const result = await signIn(credentials.email, credentials.password, apiUrl);
      if (result.step === 'signed-in') return signedIn;
      if (result.step === 'second-factor') return { success: false, challenge: result.challenge };
      return { success: false, error: loginError(result.failure) };
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
      const status = statusOf(error);
      // The role now requires a second factor the member has not set up: the shell shows only its setup.
      if (status === 403 && reasonOf(error) === ACCOUNT_REASONS.enrolmentRequired) {
        requireEnrolment();
        return {};
      }
      if (status !== 401) return {};
      const isExpired = reasonOf(error) === SESSION_EXPIRED_REASON;
      const redirectTo = isExpired ? SESSION_EXPIRED_REDIRECT : UNAUTHORIZED_REDIRECT;
      // The shell leaves for this path once the token is gone (app.tsx LeaveForLanding).
      rememberExitPath(redirectTo);
      return {
        logout: true,
        redirectTo,
        error: {
          name: i18n.t('admin.auth.unauthorizedTitle'),
          message: i18n.t(isExpired ? 'admin.auth.sessionExpired' : 'admin.auth.unauthorized'),
        },
      };
    },

    /** The signed-in member: id, name, e-mail, role (the access control provider reads it) and second factor. */
    async getIdentity(): Promise<MeResponse | null> {
      const token = readToken();
      return token ? currentStaff(token) : null;
    },
  };
}
