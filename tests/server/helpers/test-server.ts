// The real app listening on a random loopback port, for clients that speak HTTP (the web app's
// providers). Same fresh database as createTestApp.
import type { AddressInfo } from 'node:net';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from './app';

export interface TestServer {
  url: string;
  adminEmail: string;
  adminPassword: string;
  testApp: TestApp;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    adminEmail: TEST_ADMIN_EMAIL,
    adminPassword: TEST_ADMIN_PASSWORD,
    testApp,
    close: () => testApp.close(),
  };
}
