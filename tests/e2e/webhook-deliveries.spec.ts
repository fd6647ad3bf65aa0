// Webhook deliveries (issue 51, point 4) in the browser: the administrator's screen, in English and in
// Somali, with its status filter, and no serious or critical accessibility violations. The demo data
// posts to no endpoint, so the list is empty unless a journey of this worker made deliveries: then the
// first one's Details drawer is checked too.
import { expect, expectNoSeriousAxeViolations, motionSettled, networkQuiet, test } from './fixtures';

const TEXTS = {
  'en-US': { heading: 'Webhook deliveries', filter: 'Delivery status', empty: 'No deliveries yet.', details: /^Details of delivery / },
  so: { heading: 'Gaarsiinta webhook-yada', filter: 'Xaaladda gaarsiinta', empty: 'Weli wax la gaarsiiyay ma jiraan.', details: /^Faahfaahin: gaarsiinta / },
} as const;

for (const locale of ['en-US', 'so'] as const) {
  test(`the Webhook deliveries screen has no serious or critical accessibility violations (${locale})`, async ({ newAdminPage }) => {
    const texts = TEXTS[locale];
    const page = await newAdminPage({ locale });
    await page.goto('/webhook-deliveries');
    await expect(page.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible();
    await expect(page.getByRole('combobox', { name: texts.filter })).toBeVisible();
    await networkQuiet(page);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    const details = page.getByRole('button', { name: texts.details });
    if ((await details.count()) === 0) await expect(page.getByText(texts.empty)).toBeVisible();
    await expectNoSeriousAxeViolations(page, { label: `list (${locale})` });
    if ((await details.count()) === 0) return;

    await details.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await networkQuiet(page);
    await motionSettled(page);
    await expectNoSeriousAxeViolations(page, { label: `details (${locale})` });
  });
}
