// The whole app (its Root) over a test's own axios adapter. The app's API client copies axios'
// defaults when its module loads, and test files share their worker's modules (the web project does
// not isolate them): so the adapter goes in first and the app, with the i18n instance it reads, is
// loaded afresh after it. Call from beforeAll; `restore` from afterAll.
import axios, { type AxiosAdapter } from 'axios';
import { vi } from 'vitest';

export async function loadAppOver(adapter: AxiosAdapter) {
  const original = axios.defaults.adapter;
  axios.defaults.adapter = adapter;
  vi.resetModules();
  const [{ Root }, { changeLanguage }] = await Promise.all([import('../../src/root'), import('../../src/i18n')]);
  return {
    Root,
    changeLanguage,
    restore: () => {
      axios.defaults.adapter = original;
    },
  };
}

export type AppOverAdapter = Awaited<ReturnType<typeof loadAppOver>>;
