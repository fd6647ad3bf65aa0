// The web build's side-channel stand-in (scripts/vite/side-channel-lite.cjs, decision 023) does for qs
// what the package does: Refine's URL filters parse and stringify the same, and a cycle still throws.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const getSideChannel = require('../../scripts/vite/side-channel-lite.cjs') as () => {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};

/** The two calls of qs that Refine makes. */
interface Qs {
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

/** qs with its `require('side-channel')` answered by `sideChannel`, fresh from disk. */
function qsWith(sideChannel: unknown): Qs {
  const sideChannelPath = require.resolve('side-channel', { paths: [require.resolve('qs')] });
  const cache = require.cache as Record<string, NodeJS.Module | undefined>;
  const saved = cache[sideChannelPath];
  for (const key of Object.keys(cache)) if (key.includes(`${'node_modules'}/qs/`)) delete cache[key];
  cache[sideChannelPath] = { ...(saved ?? {}), id: sideChannelPath, filename: sideChannelPath, loaded: true, exports: sideChannel } as NodeJS.Module;
  try {
    return require('qs') as Qs;
  } finally {
    for (const key of Object.keys(cache)) if (key.includes(`${'node_modules'}/qs/`)) delete cache[key];
    if (saved) cache[sideChannelPath] = saved;
    else delete cache[sideChannelPath];
  }
}

describe('the side-channel stand-in', () => {
  it('keeps a value per key, object or not, and asserts the keys it holds', () => {
    const channel = getSideChannel();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 3);
    channel.set('text', 4);
    expect([channel.get(key), channel.get('text'), channel.has(key)]).toEqual([3, 4, true]);
    expect(channel.get({})).toBeUndefined();
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });

  it("gives qs Refine's filters back as the package does, and still refuses a cycle", () => {
    const lite = qsWith(getSideChannel);
    const real = qsWith(require(require.resolve('side-channel', { paths: [require.resolve('qs')] })));
    const query = {
      filters: [
        { field: 'status', operator: 'eq', value: 'pending' },
        { field: 'q', operator: 'contains', value: 'Sagal & "co"' },
      ],
      sorters: [{ field: 'createdAt', order: 'desc' }],
      current: 2,
    };
    const written = lite.stringify(query);
    expect(written).toBe(real.stringify(query));
    expect(lite.parse(written)).toEqual(real.parse(written));
    expect(lite.parse(written)).toEqual({ ...query, current: '2' });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => lite.stringify(cyclic)).toThrow('Cyclic object value');
  });
});
