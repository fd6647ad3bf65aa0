import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-static-'));
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Hoy</title><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(staticDir, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers index.html for any non-API GET (history fallback), not cached', async () => {
    for (const url of ['/', '/dashboard', '/host-details/12', '/listings/3?tab=photos']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
    expect((await t.request({ method: 'GET', url: '/dashboard' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await t.request({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent');
  });

  it('sends the pre-compressed file to a client that accepts it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers unknown /api paths with 404 JSON, not the web app', async () => {
    const response = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers 404 to a non-GET request outside the API', async () => {
    expect((await t.request({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });
});
