// The admin session token lives in localStorage under "token" (docs/product.md §4); everything reads it through here.

const TOKEN_STORAGE_KEY = 'token';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

// Where the admin face goes once its token is gone: `/` when a visitor wanders in without one,
// `/login` after a logout, `/login?reason=unauthorized` after a 401, `/login?reason=expired` after
// a 401 for a session that ended by time.
let exitPath: string | undefined;

/** Records where to go when the session ends; the first reason given wins. */
export function rememberExitPath(path: string): void {
  exitPath ??= path;
}

/** The recorded exit path (then forgotten), or `/` when the session ended for no recorded reason. */
export function takeExitPath(): string {
  const path = exitPath ?? '/';
  exitPath = undefined;
  return path;
}
