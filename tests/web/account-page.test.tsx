// My account on its own (docs/decisions/020-second-factor.md): the password change with its checks
// and the server's refusals, turning two-factor sign-in on (QR code, key, one code, recovery codes
// shown once), a setup replaced by another tab, new recovery codes, turning it off, and the step-up
// dialog those calls open when the session must confirm it is its member (decision 039). The server
// is a stand-in data provider; the browser journey (tests/e2e/second-factor.spec.ts) uses the real one.
import type { AuthProvider, CustomParams, DataProvider } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/admin/pages/account/account-page';
// Loaded up front: the app loads the step-up dialog when first asked, which would cost a test its time.
// oxlint-disable-next-line import/no-unassigned-import
import '../../src/admin/step-up/step-up-modal';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS, type SecondFactorStatus } from '../../src/contracts/account';
import type { MeResponse } from '../../src/contracts/staff';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ABCD-EFGH-JKMN-PQ${String(index).padStart(2, '0')}`);

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

/** A refusal as the data provider hands it over (src/admin/providers/data-provider.ts toHttpError). */
function refusal(statusCode: number, reason?: keyof typeof ACCOUNT_REASONS, message = 'refused') {
  return reason ? { statusCode, message, reason: ACCOUNT_REASONS[reason] } : { statusCode, message };
}

function renderAccount(secondFactor: SecondFactorStatus, answer: CustomHandler) {
  const me: MeResponse = { id: 7, name: 'Deeqa', email: 'deeqa@hoy.test', role: 'support', secondFactor: { ...secondFactor } };
  const getIdentity = vi.fn<() => Promise<MeResponse>>(async () => structuredClone(me));
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity,
  };
  const custom = vi.fn<CustomHandler>(answer);
  renderAdmin(<AccountPage />, {
    dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }),
    authProvider,
    path: '/account',
  });
  /** What the server says of the member from now on. */
  const becomes = (next: Partial<SecondFactorStatus>) => Object.assign(me.secondFactor, next);
  return { custom, getIdentity, becomes };
}

const OFF: SecondFactorStatus = { isEnabled: false, isRequired: false, recoveryCodesLeft: 0 };
const ON: SecondFactorStatus = { isEnabled: true, isRequired: false, recoveryCodesLeft: 10 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe('My account: password', () => {
  async function fillPassword(current: string, next: string, again: string) {
    const section = await screen.findByRole('heading', { level: 3, name: 'Password' }, LOAD);
    expect(section).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), current);
    await userEvent.type(screen.getByLabelText('New password'), next);
    await userEvent.type(screen.getByLabelText('Confirm the new password'), again);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('checks length and the typed-twice match before calling the server', async () => {
    const { custom } = renderAccount(OFF, async () => ({ data: null }));
    await fillPassword('the old one', 'too short', 'not the same at all');
    expect(await screen.findByText('The password must be 12 to 128 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(custom).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on its field, a common new one on its own', async () => {
    const { custom } = renderAccount(OFF, async ({ payload }) => {
      const { currentPassword } = payload as { currentPassword: string };
      if (currentPassword === 'wrong current') throw refusal(400, 'currentPasswordWrong', ACCOUNT_MESSAGES.currentPasswordWrong);
      throw refusal(400, 'passwordCommon', ACCOUNT_MESSAGES.passwordCommon);
    });
    await fillPassword('wrong current', 'a long new password', 'a long new password');
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: 'admin/account/password',
      method: 'post',
      payload: { currentPassword: 'wrong current', newPassword: 'a long new password' },
    });

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right current');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is among the most common ones. Choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the other sessions ended after a change', async () => {
    renderAccount(OFF, async () => ({ data: null }));
    await fillPassword('the current one', 'a long new password', 'a long new password');
    expect(await screen.findByText('Your password was changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('My account: two-factor sign-in', () => {
  it('turns it on: QR code and key, one code, then the ten recovery codes, shown once', async () => {
    const { custom, becomes } = renderAccount(OFF, async ({ url, payload }) => {
      if (url === 'admin/account/second-factor/setup')
        return { data: { setupId: 'setup-1', secret: SECRET, otpauthUri: 'otpauth://totp/Hoy', qrCodeSvg: SVG } };
      if ((payload as { code: string }).code === '111111') throw refusal(400, 'codeInvalid');
      becomes({ isEnabled: true, recoveryCodesLeft: 10 });
      return { data: { recoveryCodes: RECOVERY_CODES } };
    });
    const section = (await screen.findByRole('heading', { level: 3, name: 'Two-factor sign-in' }, LOAD)).closest('.ant-card') as HTMLElement;
    expect(within(section).getByText('Off')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qrCode = await within(section).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qrCode).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = within(section).getByRole('textbox', { name: 'Authentication code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await userEvent.type(code, '12345');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('That code is not right. Check your authenticator app and try again.')).toBeInTheDocument();
    await userEvent.type(code, '123 456');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));

    expect(await within(section).findByText('Save these recovery codes now: they will not be shown again.')).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(custom.mock.calls.map(([call]) => [call.url, call.payload])).toEqual([
      ['admin/account/second-factor/setup', {}],
      ['admin/account/second-factor/confirm', { setupId: 'setup-1', code: '111111' }],
      ['admin/account/second-factor/confirm', { setupId: 'setup-1', code: '123456' }],
    ]);
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('On')).toBeInTheDocument();
    expect(within(section).getByText('10 unused codes left')).toBeInTheDocument();
    expect(screen.queryByText(RECOVERY_CODES[0] as string)).toBeNull();
    expect(await screen.findByText('Two-factor sign-in is on. Your other sessions were signed out.')).toBeInTheDocument();
  });

  it('says a setup was replaced in another tab and starts again', async () => {
    let setups = 0;
    const { custom } = renderAccount(OFF, async ({ url }) => {
      if (url === 'admin/account/second-factor/setup') {
        setups += 1;
        return { data: { setupId: `setup-${setups}`, secret: SECRET, otpauthUri: 'otpauth://totp/Hoy', qrCodeSvg: SVG } };
      }
      throw refusal(409, 'setupReplaced', ACCOUNT_MESSAGES.setupReplaced);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, LOAD));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This setup was replaced');
    expect(alert).toHaveTextContent('This setup was replaced by a newer one (in another tab or window). Start again.');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(custom.mock.calls.filter(([call]) => call.url === 'admin/account/second-factor/setup')).toHaveLength(2);
  });

  it('makes new recovery codes after the step-up dialog takes a code, and offers no way to turn off what the role requires', async () => {
    let isSteppedUp = false;
    const { custom } = renderAccount({ isEnabled: true, isRequired: true, recoveryCodesLeft: 2 }, async ({ url, payload }) => {
      if (url === 'admin/account/step-up') {
        if ((payload as { code?: string }).code !== '654321') throw refusal(400, 'codeInvalid');
        isSteppedUp = true;
        return { data: { validUntil: '2026-01-01T00:05:00.000Z' } };
      }
      if (!isSteppedUp) throw refusal(403, 'stepUpRequired');
      return { data: { recoveryCodes: RECOVERY_CODES } };
    });
    expect(await screen.findByText('Your role requires two-factor sign-in, so it cannot be turned off.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('2 unused codes left')).toBeInTheDocument();
    expect(screen.getByText('Few recovery codes are left: make new ones.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const confirmation = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Make new codes' }));
    // The call answers "step-up required": the dialog asks for a code (the member has a second factor).
    // Found by its title: under test every dialog's title has the same id, so both dialogs would take the first one's name.
    const stepUp = (await screen.findByText('Confirm it is you', {}, LOAD)).closest<HTMLElement>('[role="dialog"]')!;
    const field = within(stepUp).getByRole('textbox', { name: 'Authentication code' });
    await userEvent.type(field, '111111{Enter}');
    expect(await within(stepUp).findByRole('alert')).toHaveTextContent('That code is not right. Check your authenticator app and try again.');
    await userEvent.type(field, '654 321');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(custom.mock.calls.map(([call]) => [call.url, call.payload])).toEqual([
      ['admin/account/second-factor/recovery-codes', {}],
      ['admin/account/step-up', { code: '111111' }],
      ['admin/account/step-up', { code: '654321' }],
      ['admin/account/second-factor/recovery-codes', {}],
    ]);
    await waitFor(() => expect(screen.queryByText('Confirm it is you')).toBeNull());
  });

  it('asks a member without a second factor for their password before the setup; closed, nothing starts', async () => {
    const { custom } = renderAccount(OFF, async ({ url }) => {
      if (url === 'admin/account/step-up') throw refusal(400, 'currentPasswordWrong');
      throw refusal(403, 'stepUpRequired');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }, LOAD));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' }, LOAD);
    expect(within(stepUp).queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    const field = within(stepUp).getByLabelText('Your password');
    await userEvent.type(field, 'not my password{Enter}');
    expect(await within(stepUp).findByRole('alert')).toHaveTextContent('That password is not right.');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Confirm it is you first: give your password, or a code when you sign in with one.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    expect(custom.mock.calls.map(([call]) => [call.url, call.payload])).toEqual([
      ['admin/account/second-factor/setup', {}],
      ['admin/account/step-up', { password: 'not my password' }],
    ]);
  });

  it('turns it off with a recovery code, saying a wrong one is wrong first', async () => {
    let isFirst = true;
    const { custom, becomes } = renderAccount(ON, async () => {
      if (isFirst) {
        isFirst = false;
        throw refusal(400, 'codeInvalid');
      }
      becomes({ isEnabled: false, recoveryCodesLeft: 0 });
      return { data: null };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    const field = within(dialog).getByRole('textbox', { name: 'Recovery code' });
    await userEvent.type(field, 'abcd efgh jkmn pq00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That recovery code is not right, or it was used already.')).toBeInTheDocument();
    await userEvent.type(field, 'ABCD-EFGH-JKMN-PQ01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off. Your other sessions were signed out.')).toBeInTheDocument();
    expect(custom.mock.calls.map(([call]) => call.payload)).toEqual([{ recoveryCode: 'ABCDEFGHJKMNPQ00' }, { recoveryCode: 'ABCDEFGHJKMNPQ01' }]);
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderAccount(ON, async () => ({ data: null }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Koontadayda' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Gelitaanka laba-tallaabada ah' })).toBeInTheDocument();
    expect(screen.getByText('Shidan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Beddel furaha sirta ah' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dami gelitaanka laba-tallaabada ah' })).toBeInTheDocument();
  });
});
