// Adds the DOM matchers (toBeInTheDocument ...) to expect.
// oxlint-disable-next-line import/no-unassigned-import
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { changeLanguage } from '../../src/i18n';
import { installConsoleGuard } from './console-guard';

installConsoleGuard();
// antd screens render slowly under jsdom on a loaded 2-core machine: findBy/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// antd reads breakpoints through matchMedia; answering from innerWidth keeps tables and the sider in their desktop form.
function matchesWidth(query: string): boolean {
  return query.split(',').some((part) => {
    const conditions = [...part.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    return (
      conditions.length > 0 && conditions.every(([, kind, value]) => (kind === 'min' ? window.innerWidth >= Number(value) : window.innerWidth <= Number(value)))
    );
  });
}

if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // Test files share their worker's modules (the web project does not isolate them): each starts in
  // English whatever the file before it chose.
  beforeAll(async () => {
    await changeLanguage('en');
  });

  afterEach(async () => {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    window.localStorage.clear();
  });
}
