// Fails a test that writes an unexpected console.error; a test that expects one says so first.
import { afterEach, beforeEach, vi } from 'vitest';

let allowed: RegExp[] = [];
let unexpected: string[] = [];

/** Lets the current test write console.error messages matching `pattern`. */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function installConsoleGuard(): void {
  beforeEach(() => {
    allowed = [];
    unexpected = [];
    vi.spyOn(console, 'error').mockImplementation((...values: unknown[]) => {
      const text = values.map(describe).join(' ');
      if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
    });
  });

  afterEach(() => {
    vi.mocked(console.error).mockRestore();
    const found = unexpected;
    unexpected = [];
    if (found.length > 0) throw new Error(`Unexpected console.error:\n${found.join('\n---\n')}`);
  });
}
