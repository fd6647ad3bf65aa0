// Two-factor sign-in in the browser (docs/decisions/020-second-factor.md), in English and in Somali:
// a member turns it on from My account (reading the key from the page, the code computed here),
// signs out, signs in with a recovery code and with a code; an administrator resets a member's
// second factor on the Staff screen; an administrator requires it of a role, and a member of that
// role is sent to its setup after the password, with nothing else to reach.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '../../src/contracts/roles';
import { test as base, expect, expectNoSeriousAxeViolations, newAdminSessionPage, searchShown } from './fixtures';
import { E2E_ADMIN } from './server';

const PASSWORD = 'a staff password of 12+';
/** Unique per run: the accounts live in the run's database. */
const stamp = Date.now().toString(36);
const STEP_MS = 30_000;
const SHOTS = process.env.HOY_SCREENSHOT_DIR;

type Language = 'en' | 'so';

/** What the journeys click and read, in each language (src/i18n/locales/<language>/admin-*.json). */
const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Login',
    code: 'Authentication code',
    verify: 'Verify',
    useRecoveryCode: 'Use a recovery code instead',
    recoveryCode: 'Recovery code',
    navigation: 'Main navigation',
    account: 'My account',
    secondFactorTitle: 'Two-factor sign-in',
    setUp: 'Set up two-factor sign-in',
    qrCode: 'QR code for your authenticator app',
    turnOn: 'Turn on',
    codes: 'Recovery codes',
    saved: 'I have saved them',
    on: 'On',
    off: 'Off',
    logout: 'Logout',
    search: 'Search by name or email...',
    resetLabel: (name: string) => `Reset two-factor sign-in of ${name}`,
    confirm: 'Confirm',
    resetDone: (name: string) => `The two-factor sign-in of ${name} was reset.`,
    requiredFor: 'Two-factor sign-in required for',
    moderator: 'Moderator',
    save: 'Save',
    stepUp: 'Confirm it is you',
    yourPassword: 'Your password',
    passwordWrong: 'That password is not right.',
    codeWrong: 'That code is not right. Check your authenticator app and try again.',
    newCodes: 'New recovery codes',
    makeNewCodes: 'Make new codes',
    stepUpCancelled: 'Confirm it is you first: give your password, or a code when you sign in with one.',
  },
  so: {
    email: 'Iimayl',
    password: 'Furaha sirta ah',
    login: 'Gal',
    code: 'Koodhka xaqiijinta',
    verify: 'Xaqiiji',
    useRecoveryCode: 'Beddelkeeda isticmaal koodh soo-celin',
    recoveryCode: 'Koodhka soo-celinta',
    navigation: 'Hagaha ugu muhiimsan',
    account: 'Koontadayda',
    secondFactorTitle: 'Gelitaanka laba-tallaabada ah',
    setUp: 'Deji gelitaanka laba-tallaabada ah',
    qrCode: 'Koodhka QR ee barnaamijka xaqiijinta',
    turnOn: 'Shid',
    codes: 'Koodhadhka soo-celinta',
    saved: 'Waan kaydsaday',
    on: 'Shidan',
    off: 'Dansan',
    logout: 'Ka bax',
    search: 'Ku raadi magac ama iimayl...',
    resetLabel: (name: string) => `Dib u deji gelitaanka laba-tallaabada ah ee ${name}`,
    confirm: 'Xaqiiji',
    resetDone: (name: string) => `Gelitaanka laba-tallaabada ah ee ${name} dib ayaa loo dejiyay.`,
    requiredFor: 'Gelitaanka laba-tallaabada ah waxaa looga baahan yahay',
    moderator: 'Dib-u-eege',
    save: 'Kaydi',
    stepUp: 'Xaqiiji inaad adigu tahay',
    yourPassword: 'Furahaaga sirta ah',
    passwordWrong: 'Furahaas sirta ah sax maaha.',
    codeWrong: 'Koodhkaasi sax maaha. Hubi barnaamijka xaqiijinta oo isku day mar kale.',
    newCodes: 'Koodhadh soo-celin oo cusub',
    makeNewCodes: 'Samee koodhadh cusub',
    stepUpCancelled: 'Marka hore xaqiiji inaad adigu tahay: geli furahaaga sirta ah, ama koodh haddii aad ku gasho mid.',
  },
} as const;

type Member = { name: string; email: string };

async function createMember(api: APIRequestContext, token: string, role: Role, label: string): Promise<Member> {
  const member = { name: `${label} ${stamp}`, email: `${label}-${stamp}@hoy.test` };
  const response = await api.post('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...member, role, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return member;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code of `secret` for a 30-second step not used yet: the server accepts each step once, and the
 * step after the current one too (an authenticator whose clock runs a little ahead). So after the
 * step that turned the second factor on, the next sign-in uses the next step's code, as a phone a
 * few seconds fast would show it, instead of waiting up to 30 seconds; only a third code in one step waits.
 */
async function freshCode(secret: string, usedSteps: Set<number>): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  while (usedSteps.has(step) && usedSteps.has(step + 1)) {
    await sleep((step + 1) * STEP_MS - Date.now() + 250);
    step = Math.floor(Date.now() / STEP_MS);
  }
  if (usedSteps.has(step)) step += 1;
  usedSteps.add(step);
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS + 1_000 });
}

/** A fresh browser showing `language` (the choice the sign-in page and the back-office read). */
async function newContext(browser: Browser, language: Language, storageState?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext(storageState);
  await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  return context;
}

/** The administrator's Staff screen in `language`, on a page of its own. */
async function openStaffScreen(newAdminPage: () => Promise<Page>, language: Language): Promise<Page> {
  const page = await newAdminPage();
  await page.context().addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  await page.goto('/staff');
  return page;
}

async function passwordStep(page: Page, language: Language, member: Member): Promise<void> {
  const text = TEXT[language];
  await page.goto('/login');
  await page.getByLabel(text.email).fill(member.email);
  await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text.login }).click();
}

async function expectSignedIn(page: Page, language: Language): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: TEXT[language].navigation })).toBeVisible();
}

async function logout(page: Page, language: Language): Promise<void> {
  await page.getByRole('menuitem', { name: TEXT[language].logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The shell reloads the page at /login once the token is gone: the sign-in form is the page after it.
  await expect(page.getByRole('button', { name: TEXT[language].login })).toBeVisible();
}

/**
 * The step-up dialog (docs/decisions/039-step-up.md) as a keyboard user meets it: its one field has
 * the focus; the password (or code) typed, Enter confirms it, and the dialog goes.
 */
async function stepUpOnPage(page: Page, language: Language, field: { name: string; value: string }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: TEXT[language].stepUp });
  const input = dialog.getByLabel(field.name, { exact: true });
  await expect(input).toBeFocused();
  await page.keyboard.type(field.value);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

/** Goes through the setup on the page (My account or the enrolment screen), after the step-up with the password; answers the secret and the recovery codes. */
async function enrolOnPage(page: Page, language: Language, usedSteps: Set<number>): Promise<{ secret: string; recoveryCodes: string[] }> {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.setUp }).click();
  // Turning the second factor on takes more than a session's token: the password again.
  await stepUpOnPage(page, language, { name: text.yourPassword, value: PASSWORD });
  await expect(page.getByRole('img', { name: text.qrCode })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/second-factor-setup-${language}-${usedSteps.size}.png`, fullPage: true });
  const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: text.code }).fill(await freshCode(secret, usedSteps));
  await page.getByRole('button', { name: text.turnOn, exact: true }).click();
  const list = page.getByRole('list', { name: text.codes });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recovery-codes-${language}.png`, fullPage: true });
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes[0]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  // The pointer rests where "Turn on" was, over a button now hovered (a lighter text while it stays).
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeViolations(page, { label: `recovery codes (${language})` });
  await page.getByRole('button', { name: text.saved }).click();
  await expect(list).toHaveCount(0);
  return { secret, recoveryCodes };
}

/** Turns a member's second factor on through the API, as My account does; answers the secret. */
async function enrolThroughApi(api: APIRequestContext, member: Member): Promise<string> {
  const login = await api.post('/api/admin/admin-login', { data: { email: member.email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  expect((await api.post('/api/admin/account/step-up', { headers, data: { password: PASSWORD } })).status()).toBe(200);
  const setup = (await (await api.post('/api/admin/account/second-factor/setup', { headers })).json()) as { setupId: string; secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
  const confirm = await api.post('/api/admin/account/second-factor/confirm', { headers, data: { setupId: setup.setupId, code } });
  expect(confirm.status()).toBe(200);
  return setup.secret;
}

async function setRequiredRoles(api: APIRequestContext, token: string, requiredRoles: Role[]): Promise<void> {
  const response = await api.put('/api/admin/staff/second-factor-policy', { headers: { authorization: `Bearer ${token}` }, data: { requiredRoles } });
  expect(response.status()).toBe(200);
}

/** The journeys' test with `api`, a request context on the worker's server for the staff calls, closed after the journey. */
const test = base.extend<{ api: APIRequestContext }>({
  api: async ({ playwright, baseURL }, provide) => {
    const api = await playwright.request.newContext({ baseURL });
    await provide(api);
    await api.dispose();
  },
});

test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'so'] as const) {
  const text = TEXT[language];

  test.describe(`two-factor sign-in (${language})`, () => {
    test('a member turns it on from My account, signs out, and signs in with a recovery code and with a code', async ({ browser, api, adminToken }) => {
      // Two codes (enrolment, then sign-in), never of the same step (freshCode).
      test.setTimeout(150_000);
      const member = await createMember(api, adminToken, 'support', `enrol-${language}`);
      const context = await newContext(browser, language);
      const page = await context.newPage();
      const usedSteps = new Set<number>();

      await passwordStep(page, language, member);
      await expectSignedIn(page, language);
      await page.getByRole('link', { name: text.account }).click();
      await expect(page).toHaveURL(/\/account$/);
      const section = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 3, name: text.secondFactorTitle }) });
      await expect(section.getByText(text.off, { exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page, { label: `/account (${language})` });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-${language}.png`, fullPage: true });
      const { secret, recoveryCodes } = await enrolOnPage(page, language, usedSteps);
      await expect(section.getByText(text.on, { exact: true })).toBeVisible();
      await logout(page, language);

      // A recovery code, typed in lower case with spaces.
      await passwordStep(page, language, member);
      const code = page.getByRole('textbox', { name: text.code });
      await expect(code).toBeFocused();
      await expectNoSeriousAxeViolations(page, { label: `code step (${language})` });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/code-step-${language}.png` });
      await page.getByRole('button', { name: text.useRecoveryCode }).click();
      await page.getByRole('textbox', { name: text.recoveryCode }).fill((recoveryCodes[0] ?? '').replaceAll('-', ' ').toLowerCase());
      await page.getByRole('button', { name: text.verify }).click();
      await expectSignedIn(page, language);
      await logout(page, language);

      // A code of the app, from a step after the one that turned it on.
      await passwordStep(page, language, member);
      await page.getByRole('textbox', { name: text.code }).fill(await freshCode(secret, usedSteps));
      await page.getByRole('button', { name: text.verify }).click();
      await expectSignedIn(page, language);
      await context.close();
    });

    test('a member with a second factor makes new recovery codes after the step-up dialog takes a code; Escape changes nothing', async ({
      browser,
      api,
      adminToken,
    }) => {
      // Three codes of distinct steps (enrolment, sign-in, step-up): freshCode may wait for one.
      test.setTimeout(150_000);
      const member = await createMember(api, adminToken, 'support', `step-up-${language}`);
      const secret = await enrolThroughApi(api, member);
      const usedSteps = new Set<number>([Math.floor(Date.now() / STEP_MS)]);
      const context = await newContext(browser, language);
      const page = await context.newPage();
      await passwordStep(page, language, member);
      await page.getByRole('textbox', { name: text.code }).fill(await freshCode(secret, usedSteps));
      await page.getByRole('button', { name: text.verify }).click();
      await expectSignedIn(page, language);
      await page.getByRole('link', { name: text.account }).click();
      await expect(page).toHaveURL(/\/account$/);

      const stepUp = page.getByRole('dialog', { name: text.stepUp });
      const codeField = stepUp.getByLabel(text.code, { exact: true });
      await page.getByRole('button', { name: text.newCodes, exact: true }).click();
      await page.getByRole('button', { name: text.makeNewCodes }).click();
      // The member has a second factor: the dialog asks for a code, not the password. Escape closes it, and nothing was made.
      await expect(codeField).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(stepUp).toHaveCount(0);
      await expect(page.getByText(text.stepUpCancelled)).toBeVisible();
      await expect(page.getByRole('list', { name: text.codes })).toHaveCount(0);

      await page.getByRole('button', { name: text.newCodes, exact: true }).click();
      await page.getByRole('button', { name: text.makeNewCodes }).click();
      await expect(codeField).toBeFocused();
      const wrongCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 20 * STEP_MS });
      await page.keyboard.type(wrongCode);
      await page.keyboard.press('Enter');
      await expect(stepUp.getByRole('alert')).toHaveText(text.codeWrong);
      await stepUpOnPage(page, language, { name: text.code, value: await freshCode(secret, usedSteps) });
      await expect(page.getByRole('list', { name: text.codes }).getByRole('listitem')).toHaveCount(10);
      await context.close();
    });

    test('an administrator resets a member’s second factor on the Staff screen; the member then signs in with the password alone', async ({
      browser,
      api,
      adminToken,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const member = await createMember(api, adminToken, 'viewer', `reset-${language}`);
      await enrolThroughApi(api, member);

      // A session of its own, which has not confirmed it is its administrator yet.
      const adminPage = await newAdminSessionPage(browser, api, baseURL, language);
      await adminPage.goto('/staff');
      await adminPage.getByRole('searchbox', { name: text.search }).fill(member.email);
      await searchShown(adminPage, member.email);
      const row = adminPage.getByRole('row').filter({ hasText: member.email });
      await expect(row.getByText(text.on, { exact: true })).toBeVisible();
      await row.getByRole('button', { name: text.resetLabel(member.name) }).click();
      const dialog = adminPage.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // The scan reads the colours the dialog settles on, not a frame of its opening animation.
      await adminPage.waitForFunction(() => document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter') === null);
      await expectNoSeriousAxeViolations(adminPage, { label: `reset dialog (${language})` });
      await dialog.getByRole('button', { name: text.confirm }).click();
      // A reset can take an account: the administrator confirms it is them, a wrong password first (read out), then theirs.
      const stepUp = adminPage.getByRole('dialog', { name: text.stepUp });
      await expect(stepUp.getByLabel(text.yourPassword, { exact: true })).toBeFocused();
      await adminPage.keyboard.type('not the password at all');
      await adminPage.keyboard.press('Enter');
      await expect(stepUp.getByRole('alert')).toHaveText(text.passwordWrong);
      await adminPage.waitForFunction(() => document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter') === null);
      // The dialog itself: the page behind sits under two masks (the confirmation's and its own).
      await expectNoSeriousAxeViolations(adminPage, { label: `step-up dialog (${language})`, include: '.step-up-dialog' });
      await stepUpOnPage(adminPage, language, { name: text.yourPassword, value: E2E_ADMIN.password });
      await expect(adminPage.getByText(text.resetDone(member.name))).toBeVisible();
      await expect(row.getByText(text.off, { exact: true })).toBeVisible();

      const context = await newContext(browser, language);
      const page = await context.newPage();
      await passwordStep(page, language, member);
      await expectSignedIn(page, language);
      await context.close();
      await adminPage.context().close();
    });

    test('an administrator requires it of a role; a member of that role is sent to its setup after the password, and nothing else', async ({
      browser,
      api,
      adminToken,
      newAdminPage,
    }) => {
      test.setTimeout(90_000);
      const member = await createMember(api, adminToken, 'moderator', `required-${language}`);
      try {
        const adminPage = await openStaffScreen(newAdminPage, language);
        const setting = adminPage.getByRole('group', { name: text.requiredFor });
        const moderator = setting.getByRole('checkbox', { name: text.moderator });
        // The screen may still redraw as its other parts load (the staff list, the language): tick again
        // until the box holds its tick.
        await expect(async () => {
          await moderator.check();
          await expect(moderator).toBeChecked({ timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
        await expectNoSeriousAxeViolations(adminPage, { label: `/staff two-factor setting (${language})` });
        if (SHOTS) await adminPage.screenshot({ path: `${SHOTS}/staff-${language}.png`, fullPage: true });
        await adminPage.getByRole('button', { name: text.save, exact: true }).click();
        await expect(setting.getByRole('checkbox', { name: text.moderator })).toBeChecked();
        await expect(adminPage.getByRole('button', { name: text.save, exact: true })).toBeDisabled();

        const context = await newContext(browser, language);
        const page = await context.newPage();
        await passwordStep(page, language, member);
        await expect(page.getByRole('heading', { level: 2, name: text.setUp })).toBeVisible();
        // Nothing but the setup, the language and Logout; another address shows the same.
        await expect(page.getByRole('navigation')).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, { label: `enrolment screen (${language})` });
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/enrolment-${language}.png`, fullPage: true });
        await page.goto('/hosts');
        await expect(page.getByRole('heading', { level: 2, name: text.setUp })).toBeVisible();
        await expect(page.getByRole('navigation')).toHaveCount(0);

        await enrolOnPage(page, language, new Set());
        await expect(page.getByRole('navigation', { name: text.navigation })).toBeVisible();
        await context.close();
      } finally {
        // Other journeys sign moderators in with a password alone.
        await setRequiredRoles(api, adminToken, []);
      }
    });
  });
}
