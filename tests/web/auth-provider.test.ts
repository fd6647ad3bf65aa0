// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/helpers/test-server';
import { installMemoryStorage } from './memory-storage';
import { createAuthProvider, SESSION_EXPIRED_REDIRECT, UNAUTHORIZED_REDIRECT } from '../../src/admin/providers/auth-provider';
import { createDataProvider } from '../../src/admin/providers/data-provider';
import { takeExitPath } from '../../src/lib/session';

// Nothing listens on port 1, so calls there fail without an answer.
const UNREACHABLE_API = 'http://127.0.0.1:1/api';

let server: TestServer;
let apiUrl: string;
const storage = installMemoryStorage();

beforeAll(async () => {
  server = await startTestServer();
  apiUrl = `${server.url}/api`;
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  storage.clear();
});

describe('auth provider login', () => {
  it('stores the token and goes to /dashboard on right credentials', async () => {
    const result = await createAuthProvider(apiUrl).login({ email: server.adminEmail, password: server.adminPassword });
    expect(result).toEqual({ success: true, redirectTo: '/dashboard' });
    expect(storage.getItem('token')).toEqual(expect.any(String));
    expect(storage.getItem('token')).not.toBe('');
  });

  it('answers "Authentication failed" and stores nothing on a wrong password', async () => {
    const result = await createAuthProvider(apiUrl).login({ email: server.adminEmail, password: 'wrong password' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('Authentication failed. Please check your credentials.');
    expect(storage.getItem('token')).toBeNull();
  });

  it('answers its own "Too many sign-ins" text when the server is busy with sign-ins (503)', async () => {
    // A stand-in server: the real one answers 503 only under a flood of sign-ins (tests/server/login-abuse.test.ts).
    const busy = http.createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
      response.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'busy' }));
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = busy.address() as AddressInfo;
      const result = await createAuthProvider(`http://127.0.0.1:${port}/api`).login({ email: server.adminEmail, password: server.adminPassword });
      expect(result.success).toBe(false);
      expect(result.error?.message).toBe('Too many sign-ins at this moment. Please try again in a few seconds.');
      expect(storage.getItem('token')).toBeNull();
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('answers "An error occurred" when the server cannot be reached', async () => {
    const result = await createAuthProvider(UNREACHABLE_API).login({ email: server.adminEmail, password: server.adminPassword });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('An error occurred. Please try again.');
    expect(storage.getItem('token')).toBeNull();
  });
});

describe('auth provider session', () => {
  it('reports authenticated only while a token is stored', async () => {
    const provider = createAuthProvider(apiUrl);
    expect(await provider.check()).toMatchObject({ authenticated: false, redirectTo: '/login' });
    await provider.login({ email: server.adminEmail, password: server.adminPassword });
    expect(await provider.check()).toEqual({ authenticated: true });
    // The identity is the signed-in member as the server knows them: the first administrator.
    expect(await provider.getIdentity?.()).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      email: server.adminEmail,
      role: 'administrator',
      secondFactor: { isEnabled: false, isRequired: false, recoveryCodesLeft: 0 },
    });
  });

  it('logs out: revokes the token on the server, removes it and goes to /login', async () => {
    const provider = createAuthProvider(apiUrl);
    await provider.login({ email: server.adminEmail, password: server.adminPassword });
    const token = storage.getItem('token');

    expect(await provider.logout({})).toEqual({ success: true, redirectTo: '/login' });

    expect(storage.getItem('token')).toBeNull();
    const afterLogout = await axios.post(
      `${apiUrl}/admin/logout`,
      {},
      {
        headers: { Authorization: `Bearer ${token}` },
        validateStatus: () => true,
      },
    );
    expect(afterLogout.status).toBe(401);
  });

  it('logs out locally even when the server cannot be reached', async () => {
    storage.setItem('token', 'some-token');
    expect(await createAuthProvider(UNREACHABLE_API).logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(storage.getItem('token')).toBeNull();
  });
});

describe('auth provider onError', () => {
  it('logs out and sends to /login with "Unauthorized access" when a call answers 401', async () => {
    storage.setItem('token', 'not-a-real-token');
    const failure = await createDataProvider(apiUrl)
      .getList({ resource: 'hosts' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 401 });

    const response = await createAuthProvider(apiUrl).onError(failure);

    expect(response).toEqual({
      logout: true,
      redirectTo: UNAUTHORIZED_REDIRECT,
      error: expect.objectContaining({ message: 'Unauthorized access. Please login again.' }),
    });
  });

  it('sends to /login?reason=expired with "Your session has expired" when the session ended by time', async () => {
    const provider = createAuthProvider(apiUrl);
    await provider.login({ email: server.adminEmail, password: server.adminPassword });
    takeExitPath();
    // Back at the tab after more than the 30 idle minutes: the first call answers 401 session-expired.
    server.testApp.clock.advance(31 * 60 * 1000);
    const failure = await createDataProvider(apiUrl)
      .getList({ resource: 'hosts' })
      .catch((error: unknown) => error);
    expect(failure).toEqual({ statusCode: 401, message: 'Your session has expired. Please log in again.', reason: 'session-expired' });

    const response = await provider.onError(failure);

    expect(response).toEqual({
      logout: true,
      redirectTo: SESSION_EXPIRED_REDIRECT,
      error: expect.objectContaining({ message: 'Your session has expired. Please log in again.' }),
    });
    expect(SESSION_EXPIRED_REDIRECT).toBe('/login?reason=expired');
    // The shell leaves for the remembered path once the token is gone (app.tsx), the logout's own path notwithstanding.
    await provider.logout({});
    expect(takeExitPath()).toBe('/login?reason=expired');
  });

  it('keeps "Unauthorized access" for a revoked session', async () => {
    const provider = createAuthProvider(apiUrl);
    await provider.login({ email: server.adminEmail, password: server.adminPassword });
    takeExitPath();
    await axios.post(`${apiUrl}/admin/logout`, {}, { headers: { Authorization: `Bearer ${storage.getItem('token')}` } });
    const failure = await createDataProvider(apiUrl)
      .getList({ resource: 'hosts' })
      .catch((error: unknown) => error);
    expect(failure).toEqual({ statusCode: 401, message: 'Unauthorized access. Please login again.' });

    expect(await provider.onError(failure)).toMatchObject({ redirectTo: UNAUTHORIZED_REDIRECT });
    expect(takeExitPath()).toBe('/login?reason=unauthorized');
  });

  it('leaves the session alone on other errors', async () => {
    const provider = createAuthProvider(apiUrl);
    expect(await provider.onError({ statusCode: 404, message: 'Host not found' })).toEqual({});
    expect(await provider.onError({ statusCode: 500, message: 'Server error occurred' })).toEqual({});
    expect(await provider.onError(new Error('anything'))).toEqual({});
  });
});
