// The demo's staff in the browser (issue 49): the seeded database has a named member for each role,
// Activity names who decided each seeded record rather than "an administrator no longer on record",
// and none of them can sign in until someone sets their password.
import { DEMO_STAFF } from '../../server/db/seed/demo';
import { expect, expectNoSeriousAxeViolations, test } from './fixtures';

const ROLE_NAMES = { administrator: 'Administrator', moderator: 'Moderator', support: 'Support', viewer: 'Viewer' } as const;
const UNKNOWN = 'an administrator no longer on record';

test("the demo's staff are on the Staff screen, named in Activity for what they decided, and cannot sign in", async ({ adminPage: page, browser, baseURL }) => {
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or email...' }).fill('@example.com');
  for (const member of DEMO_STAFF) {
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText(member.name);
    await expect(row.getByRole('combobox', { name: `Role of ${member.name}` })).toBeVisible();
    await expect(row).toContainText(ROLE_NAMES[member.role]);
  }
  await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible();

  // Activity, newest first: no entry of the seeded trail lacks its staff member.
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible();
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(UNKNOWN)).toHaveCount(0);
  // The moderator's decisions, found by name; the administrator added the other three members.
  const search = page.getByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' });
  const [administrator, moderator] = DEMO_STAFF;
  await search.fill(moderator.name);
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(moderator.name);
  await expect(page.getByText(UNKNOWN)).toHaveCount(0);
  await search.fill(DEMO_STAFF[3].name);
  const added = rows.filter({ hasText: 'Staff member added' });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(administrator.name);
  await expectNoSeriousAxeViolations(page, { label: 'Activity of the demo staff' });

  // Without a password set, the sign-in form refuses each of them as it refuses a wrong password.
  const context = await browser.newContext({ baseURL });
  try {
    const signIn = await context.newPage();
    await signIn.goto('/login');
    await signIn.getByLabel('Email').fill(administrator.email);
    await signIn.getByLabel('Password').fill('a guess at a password');
    await signIn.getByRole('button', { name: 'Login' }).click();
    await expect(signIn.getByRole('alert')).toContainText('Authentication failed. Please check your credentials.');
    await expect(signIn).toHaveURL(/\/login$/);
  } finally {
    await context.close();
  }
});
