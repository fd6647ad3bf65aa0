// The build the journeys run against stays within its download budgets (issue 25 point 5): the
// landing page and the sign-in page each within 100 KB of gzip, the administrator's first load within
// 350 KB. zod is the first thing to leak into the first load when a list declaration reaches a
// contract module that builds schemas (decision 023), so its chunk is named apart.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { weighWebApp } from '../../scripts/weigh-web-app.mjs';

test('the landing page, the sign-in page and the first load of the back-office stay within their budgets', () => {
  const weights = weighWebApp(path.resolve(process.cwd(), 'dist'));
  for (const name of ['landing', 'login', 'adminFirstLoad'] as const) {
    expect(weights[name].gzipKb, `${name}: ${weights[name].files.map((file) => `${file.file} ${file.gzipKb}`).join(', ')}`).toBeLessThanOrEqual(
      weights[name].targetKb,
    );
  }
  expect(weights.adminFirstLoad.files.map((file) => file.file).filter((file) => /^zod\b/.test(file))).toEqual([]);
});
