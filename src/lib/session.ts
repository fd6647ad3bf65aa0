// The admin session token lives in localStorage under "token" (SPEC.md section 4); everything reads it through here.

export const TOKEN_STORAGE_KEY = 'token';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}
