// Sign-in: e-mail and password, then, for a member with a second factor, a code from their
// authenticator app or one recovery code (docs/decisions/020-second-factor.md). The login page and
// the admin's auth provider both call these. Plain fetch, so the login page loads no HTTP library.
import { ACCOUNT_REASONS } from '../contracts/account-reasons';
import { API_BASE_URL } from './api-base';
import { storeToken } from './session';

/** The catalogue key of the message a failed sign-in shows. */
type SignInFailure = 'admin.auth.failed' | 'admin.auth.tooManyAttempts' | 'admin.auth.busy' | 'admin.auth.error';

/** The catalogue key of the message a refused second step shows. */
export type SecondStepFailure =
  | SignInFailure
  | 'admin.login.secondFactor.codeInvalid'
  | 'admin.login.secondFactor.recoveryCodeInvalid'
  | 'admin.login.secondFactor.codeFormat'
  | 'admin.login.secondFactor.recoveryCodeFormat'
  | 'admin.login.secondFactor.ended';

/** Where a sign-in with e-mail and password stands: signed in, a second factor to give, or refused. */
type SignInResult = { step: 'signed-in' } | { step: 'second-factor'; challenge: string } | { step: 'failed'; failure: SignInFailure };

/**
 * Where the second step stands: signed in, or refused; `hasEnded` when the challenge is used up
 * (expired, used, too many wrong codes), so only the password step can start a new one.
 */
type SecondStepResult = { step: 'signed-in' } | { step: 'failed'; failure: SecondStepFailure; hasEnded: boolean };

/** A code from the authenticator app, or one recovery code (spaces and dashes as typed: the server drops them). */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

const FAILURE_BY_STATUS: Record<number, SignInFailure> = {
  401: 'admin.auth.failed',
  429: 'admin.auth.tooManyAttempts',
  503: 'admin.auth.busy',
};

/** POSTs `body` to a sign-in call; undefined when the server could not be reached. */
async function post(url: string, body: object): Promise<Response | undefined> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      // The device cookie (docs/security.md) goes back to the sign-in calls.
      credentials: 'same-origin',
    });
  } catch {
    return undefined;
  }
}

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Checks e-mail and password. A right password signs in (the token is stored) or, for a member with
 * a second factor, answers the challenge the second step needs; the challenge is kept by the caller only.
 */
export async function signIn(email: string, password: string, apiUrl: string = API_BASE_URL): Promise<SignInResult> {
  const response = await post(`${apiUrl}/admin/admin-login`, { email, password });
  if (!response) return { step: 'failed', failure: 'admin.auth.error' };
  if (!response.ok) return { step: 'failed', failure: FAILURE_BY_STATUS[response.status] ?? 'admin.auth.error' };
  const body = await readBody(response);
  if (body?.step === 'signed-in' && isText(body.token)) {
    storeToken(body.token);
    return { step: 'signed-in' };
  }
  if (body?.step === 'second-factor' && isText(body.challenge)) return { step: 'second-factor', challenge: body.challenge };
  return { step: 'failed', failure: 'admin.auth.failed' };
}

/** The second step: the challenge of a right password and a code or recovery code; stores the token on success. */
export async function signInSecondFactor(challenge: string, proof: SecondFactorProof, apiUrl: string = API_BASE_URL): Promise<SecondStepResult> {
  const retry = (failure: SecondStepFailure): SecondStepResult => ({ step: 'failed', failure, hasEnded: false });
  const response = await post(`${apiUrl}/admin/admin-login/second-factor`, { challenge, ...proof });
  if (!response) return retry('admin.auth.error');
  const body = await readBody(response);
  if (response.ok) {
    if (!isText(body?.token)) return retry('admin.auth.error');
    storeToken(body.token);
    return { step: 'signed-in' };
  }
  if (response.status === 400) return retry('code' in proof ? 'admin.login.secondFactor.codeFormat' : 'admin.login.secondFactor.recoveryCodeFormat');
  if (response.status === 401) {
    if (body?.reason === ACCOUNT_REASONS.codeInvalid) {
      return retry('code' in proof ? 'admin.login.secondFactor.codeInvalid' : 'admin.login.secondFactor.recoveryCodeInvalid');
    }
    // The challenge ended (or the account can no longer sign in): only a new password step helps.
    return { step: 'failed', failure: 'admin.login.secondFactor.ended', hasEnded: true };
  }
  return retry(FAILURE_BY_STATUS[response.status] ?? 'admin.auth.error');
}
