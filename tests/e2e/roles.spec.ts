// Staff and roles in the browser (docs/decisions/018-staff-roles.md): an administrator adds staff on
// the Staff screen; each role signs in through the form and finds its own menu, its own controls,
// and a 403 screen at the address of a screen it may not read.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Role } from '../../src/contracts/roles';
import { DEMO_STAFF } from '../../server/db/seed/demo';
import { expect, expectNoSeriousAxeViolations, newAdminSessionPage, submitSignInForm, test } from './fixtures';
import { E2E_ADMIN } from './server';

const PASSWORD = 'a staff password of 12+';
/** Unique per run: the accounts live in the run's database. */
const stamp = Date.now().toString(36);
const emailOf = (role: Role) => `${role}-${stamp}@hoy.test`;
/** The demo data's administrator (server/db/seed/demo.ts), an active account without a usable password. */
const demoAdministrator = DEMO_STAFF.find((member) => member.role === 'administrator')!;

const MENU = [
  'Dashboard',
  'Hosts',
  'Guests',
  'Properties',
  'Listings',
  'Bookings',
  'Chats',
  'Promo Code',
  'Feedback',
  'Cases',
  'Activity',
  'Data from Landing Page',
  'Staff',
];
const SEES: Record<Exclude<Role, 'administrator'>, string[]> = {
  moderator: ['Dashboard', 'Hosts', 'Guests', 'Properties', 'Listings', 'Feedback', 'Cases', 'Activity', 'Data from Landing Page'],
  support: ['Dashboard', 'Hosts', 'Guests', 'Properties', 'Listings', 'Bookings', 'Chats', 'Feedback', 'Cases', 'Data from Landing Page'],
  viewer: [
    'Dashboard',
    'Hosts',
    'Guests',
    'Properties',
    'Listings',
    'Bookings',
    'Chats',
    'Promo Code',
    'Feedback',
    'Cases',
    'Activity',
    'Data from Landing Page',
  ],
};

async function createStaff(api: APIRequestContext, token: string, role: Role): Promise<void> {
  const response = await api.post('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `${role} ${stamp}`, email: emailOf(role), role, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

/** A fresh browser signed in as the member through the login form. */
async function signedInAs(browser: Browser, role: Role): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await submitSignInForm(page, { email: emailOf(role), password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A menu entry's name: its label, and the live count beside it where it has one ("Listings 3 awaiting a decision"). */
const entryName = (label: string) => new RegExp(`^${label}( \\d[\\d,]* .+)?$`);

async function expectMenu(page: Page, shown: string[]): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: entryName(shown[1]) })).toBeVisible();
  for (const label of MENU) {
    await expect(navigation.getByRole('link', { name: entryName(label) })).toHaveCount(shown.includes(label) ? 1 : 0);
  }
}

async function expectForbidden(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('You do not have permission to see this page.')).toBeVisible();
}

/** The Hosts list, then the first host's details. */
async function openFirstHost(page: Page): Promise<void> {
  await page.goto('/hosts');
  await page
    .getByRole('link', { name: /^View Details/ })
    .first()
    .click();
}

test.describe.configure({ mode: 'serial' });

test('an administrator adds a staff member on the Staff screen, changes the role and disables the account', async ({
  browser,
  adminToken,
  playwright,
  baseURL,
}) => {
  // Two axe runs and a dozen round trips: about 15 s alone, more on a busy 2-core machine.
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL });
  // A session of its own: the disable below asks it to confirm it is its administrator (decision 039).
  const page = await newAdminSessionPage(browser, api, baseURL);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Name').fill(`Viewer ${stamp}`);
  await dialog.getByLabel('Email').fill(emailOf('viewer'));
  await dialog.getByLabel('Password').fill(PASSWORD);
  await expectNoSeriousAxeViolations(page, { label: 'add staff dialog' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: emailOf('viewer') });
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of Viewer ${stamp}` })).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expectNoSeriousAxeViolations(page, { label: '/staff' });

  // The member signs in; disabling them ends that session at once.
  const login = await api.post('/api/admin/admin-login', { data: { email: emailOf('viewer'), password: PASSWORD } });
  expect(login.status()).toBe(200);
  const memberToken = ((await login.json()) as { token: string }).token;
  const asMember = { authorization: `Bearer ${memberToken}` };
  expect((await api.get('/api/admin/me', { headers: asMember })).status()).toBe(200);

  await row.getByRole('button', { name: `Disable Viewer ${stamp}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // Disabling can take an account: the administrator gives their password again, in a dialog whose field has the focus.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByLabel('Your password', { exact: true })).toBeFocused();
  expect((await api.get('/api/admin/me', { headers: asMember })).status()).toBe(200);
  await page.keyboard.type(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(stepUp).toHaveCount(0);
  await expect(row.getByText('Disabled')).toBeVisible();
  expect((await api.get('/api/admin/me', { headers: asMember })).status()).toBe(401);
  await row.getByRole('button', { name: `Enable Viewer ${stamp}` }).click();
  await expect(row.getByText('Active')).toBeVisible();

  // The last administrator cannot be demoted: the server refuses and the screen says why (the step-up
  // of a minute ago still counts: no dialog this time). The demo data's administrator, who has no
  // password yet, is an active administrator too: disabled first, this one is the last.
  const search = page.getByRole('searchbox', { name: 'Search by name or email...' });
  await search.fill(demoAdministrator.email);
  const demoRow = page.getByRole('row').filter({ hasText: demoAdministrator.email });
  await demoRow.getByRole('button', { name: `Disable ${demoAdministrator.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(demoRow.getByText('Disabled')).toBeVisible();
  await search.fill('');
  const adminRow = page.getByRole('row').filter({ hasText: '(you)' });
  // The visible selection covers antd's combobox input; clicking it opens the list, drawn at the end of the page.
  await adminRow.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown').getByTitle('Viewer', { exact: true }).click();
  await expect(page.getByText('At least one active administrator must remain')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm it is you' })).toHaveCount(0);
  const me = (await (await api.get('/api/admin/me', { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { role: string };
  expect(me.role).toBe('administrator');
  await search.fill(demoAdministrator.email);
  await demoRow.getByRole('button', { name: `Enable ${demoAdministrator.name}` }).click();
  await expect(demoRow.getByText('Active')).toBeVisible();

  await createStaff(api, adminToken, 'moderator');
  await createStaff(api, adminToken, 'support');
  await api.dispose();
  await page.context().close();
});

test('a moderator sees hosts, decisions, feedback and Activity, and a 403 screen at Bookings', async ({ browser }) => {
  const page = await signedInAs(browser, 'moderator');
  await expectMenu(page, SEES.moderator);
  // The dashboard counts everything; only the cards of readable lists open them.
  await expect(page.locator('section a[href^="/hosts"]')).toHaveCount(4);
  await expect(page.locator('section a[href^="/bookings"]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Bookings' }).getByText(/\d/).first()).toBeVisible();
  await openFirstHost(page);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.goto('/property-approvals?status=pending');
  await expect(page.getByRole('button', { name: /^Approve / }).first()).toBeVisible();
  await expectForbidden(page, '/bookings');
  await expectNoSeriousAxeViolations(page, { label: '403 screen' });
  await expectForbidden(page, '/promo-code-guest');
  await page.getByRole('button', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});

test('support answers chats and reads hosts without changing them', async ({ browser }) => {
  const page = await signedInAs(browser, 'support');
  await expectMenu(page, SEES.support);
  await openFirstHost(page);
  await expect(page.getByRole('heading', { name: 'Host Information' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.goto('/listings');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Decision' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.goto('/chats');
  await page.locator('a[href*="conversation="]').first().click();
  await expect(page.getByPlaceholder('Type a message...')).toBeVisible();
  await expectForbidden(page, '/activity');
  await expectForbidden(page, '/staff');
  await page.context().close();
});

test('a viewer reads every screen but Staff, exports nothing and changes nothing', async ({ browser }) => {
  const page = await signedInAs(browser, 'viewer');
  await expectMenu(page, SEES.viewer);
  await page.goto('/hosts');
  await expect(page.getByRole('heading', { level: 2, name: 'Hosts Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Refresh/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Export CSV/ })).toHaveCount(0);
  await page.goto('/chats');
  await page.locator('a[href*="conversation="]').first().click();
  await expect(page.getByText('Your role reads conversations but does not answer them.')).toBeVisible();
  await expect(page.getByPlaceholder('Type a message...')).toHaveCount(0);
  await page.goto('/promo-code-guest');
  await expect(page.getByLabel('Promo Code')).not.toHaveValue('');
  await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit/ })).toHaveCount(0);
  await expectForbidden(page, '/staff');
  await page.context().close();
});
