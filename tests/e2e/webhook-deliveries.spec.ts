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

// The Endpoints tab (issue 51, point 4): an endpoint added through the screen, its secret shown once in
// the dialog and gone once it closes, the endpoint in the list; focus on the URL as the form opens and
// back on Add endpoint after; no serious or critical violations on the tab, the form or the secret.
// The endpoint is disabled at the end: later journeys of this worker make events, which would go to it.
const ENDPOINT_TEXTS = {
  'en-US': {
    tab: 'Endpoints',
    add: 'Add endpoint',
    url: 'URL',
    events: 'Events',
    secret: 'Signing secret',
    copy: 'Copy secret',
    done: 'Done',
    disable: (url: string) => `Disable ${url}`,
    disabled: 'Disabled',
  },
  so: {
    tab: 'Cinwaannada',
    add: 'Ku dar cinwaan',
    url: 'URL',
    events: 'Dhacdooyin',
    secret: 'Furaha saxeexa',
    copy: 'Koobiyee furaha',
    done: 'Waa dhammaatay',
    disable: (url: string) => `Dami ${url}`,
    disabled: 'La damiyay',
  },
} as const;

for (const locale of ['en-US', 'so'] as const) {
  test(`an administrator adds a webhook endpoint and sees its secret once, with no serious or critical accessibility violations (${locale})`, async ({
    newAdminPage,
  }) => {
    const texts = ENDPOINT_TEXTS[locale];
    const endpointUrl = `https://market.example/hoy-${locale}`;
    const page = await newAdminPage({ locale });
    await page.goto('/webhook-deliveries');
    await page.getByRole('tab', { name: texts.tab }).click();
    await expect(page).toHaveURL(/\/webhook-deliveries\/endpoints$/);
    await expect(page.getByRole('tab', { name: texts.tab })).toHaveAttribute('aria-selected', 'true');
    await networkQuiet(page);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, { label: `endpoints (${locale})` });

    const add = page.getByRole('button', { name: texts.add, exact: true });
    await add.click();
    const form = page.getByRole('dialog', { name: texts.add });
    await expect(form).toBeVisible();
    await motionSettled(page);
    await expect(form.getByRole('textbox', { name: texts.url })).toBeFocused();
    await expectNoSeriousAxeViolations(page, { label: `endpoint form (${locale})` });
    await page.keyboard.type(endpointUrl);
    const events = form.getByRole('group', { name: texts.events });
    await events.getByRole('checkbox', { name: 'host.verified' }).check();
    await events.getByRole('checkbox', { name: 'booking.cancelled' }).check();
    await form.getByRole('button', { name: texts.add, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: texts.secret });
    await expect(dialog).toBeVisible();
    const secretField = dialog.getByRole('textbox', { name: texts.secret });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    // The form's button is gone with the form: focus goes to Copy, the next thing to do.
    await expect(dialog.getByRole('button', { name: texts.copy })).toBeFocused();
    await motionSettled(page);
    await expectNoSeriousAxeViolations(page, { label: `endpoint secret (${locale})` });
    await dialog.getByRole('button', { name: texts.done }).click();
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
    expect(await page.content()).not.toContain(secret);

    const row = page.getByRole('row').filter({ hasText: endpointUrl });
    await expect(row).toBeVisible();
    await expect(row).toContainText('host.verified, booking.cancelled');
    await networkQuiet(page);
    await expectNoSeriousAxeViolations(page, { label: `endpoints with one (${locale})` });
    await row.getByRole('button', { name: texts.disable(endpointUrl) }).click();
    await expect(row).toContainText(texts.disabled);
  });
}
