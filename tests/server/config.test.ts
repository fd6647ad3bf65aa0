import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, readConfig } from '../../server/config';

describe('configuration', () => {
  it('.env.example lists every variable the server reads, each with its true default', () => {
    const example = parseEnv(fs.readFileSync('.env.example', 'utf8'));
    expect(Object.keys(example).sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(readConfig(example)).toEqual(readConfig({}));
  });

  it('has the defaults of the configuration table', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      appName: 'Hoy',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      seedDemo: true,
      rateLimitLogin: 10,
      rateLimitPublic: 30,
      rateLimitLoginAddress: 30,
      rateLimitLoginAccount: 100,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      trustProxy: false,
      maxEventLoopDelayMs: 500,
      redisUrl: undefined,
      databasePoolSize: 4,
    });
  });

  it('takes a DATABASE_POOL_SIZE of 1 to 100 connections', () => {
    expect(readConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    for (const size of ['0', '101', '2.5', 'many']) expect(() => readConfig({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('seeds demo data by default only with the embedded database', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://localhost/hoy' }).seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://localhost/hoy', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('takes the session lifetimes from SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', () => {
    expect(readConfig({ SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' })).toMatchObject({ sessionIdleMinutes: 15, sessionMaxHours: 8 });
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it('takes an ADMIN_PASSWORD of 12 to 128 characters only', () => {
    expect(readConfig({ ADMIN_PASSWORD: 'twelve chars' }).adminPassword).toBe('twelve chars');
    expect(() => readConfig({ ADMIN_PASSWORD: 'eleven char' })).toThrow(/ADMIN_PASSWORD: must be at least 12/);
    expect(() => readConfig({ ADMIN_PASSWORD: 'x'.repeat(129) })).toThrow(/ADMIN_PASSWORD: must be at most 128/);
  });

  it('takes a MAP_TILE_ORIGIN that is one origin only, so the Content-Security-Policy gains no other directive', () => {
    expect(readConfig({}).mapTileOrigin).toBe('https://*.tile.openstreetmap.org');
    expect(readConfig({ MAP_TILE_ORIGIN: 'https://tiles.example.org:8443' }).mapTileOrigin).toBe('https://tiles.example.org:8443');
    for (const origin of ["https://a.example; script-src 'unsafe-inline'", 'https://a.example/tiles', 'javascript:alert(1)', '*', 'https://a .example']) {
      expect(() => readConfig({ MAP_TILE_ORIGIN: origin }), origin).toThrow(/MAP_TILE_ORIGIN: must be an origin/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('rejects bad values with a message naming every bad variable', () => {
    const bad = () => readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', RATE_LIMIT_LOGIN: '-1', ADMIN_EMAIL: 'nope' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL: must start with postgres/);
    expect(bad).toThrow(/RATE_LIMIT_LOGIN/);
    expect(bad).toThrow(/ADMIN_EMAIL/);
  });
});
