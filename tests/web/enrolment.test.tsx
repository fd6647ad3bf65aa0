// Forced enrolment in the whole admin shell (docs/decisions/020-second-factor.md): a member whose role
// requires a second factor they lack sees its setup and nothing else, whether GET /api/admin/me says
// so after the password or a later call answers 403 "enrolment required"; once it is on and the
// recovery codes are saved, the screens come back. The API is a stand-in axios adapter.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS, type SecondFactorStatus } from '../../src/contracts/account';
import { loadAppOver, type AppOverAdapter } from './app-over-adapter';

const LOAD = { timeout: 20_000 };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ABCD-EFGH-JKMN-PQ${String(index).padStart(2, '0')}`);
/** The calls a member who must enrol may still make (server/plugins/auth-guard.ts). */
const ALLOWED_WHILE_ENROLLING = ['admin/me', 'admin/logout', 'admin/account/second-factor/setup', 'admin/account/second-factor/confirm'];

let secondFactor: SecondFactorStatus;
let calls: string[] = [];

function answer(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  const response = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
  return response;
}

// The server as the guard sees it: while the role requires a second factor the member lacks, every
// call but the four above is 403 "enrolment required"; other calls fail as a network error.
const fakeApi: AxiosAdapter = async (config) => {
  const url = config.url ?? '';
  calls.push(url);
  const mustEnrol = secondFactor.isRequired && !secondFactor.isEnabled;
  if (url === 'admin/me') return answer(config, 200, { id: 3, name: 'Cawo', email: 'cawo@hoy.test', role: 'support', secondFactor });
  if (url === 'admin/account/second-factor/setup') {
    return answer(config, 200, { setupId: 'setup-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Hoy', qrCodeSvg: SVG });
  }
  if (url === 'admin/account/second-factor/confirm') {
    secondFactor = { ...secondFactor, isEnabled: true, recoveryCodesLeft: 10 };
    return answer(config, 200, { recoveryCodes: RECOVERY_CODES });
  }
  if (mustEnrol && !ALLOWED_WHILE_ENROLLING.includes(url)) {
    return answer(config, 403, { statusCode: 403, message: ACCOUNT_MESSAGES.enrolmentRequired, reason: ACCOUNT_REASONS.enrolmentRequired });
  }
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
};

let app: AppOverAdapter;
beforeAll(async () => {
  app = await loadAppOver(fakeApi);
});
afterAll(() => app.restore());
beforeEach(async () => {
  await app.changeLanguage('en');
  calls = [];
});

function openAt(path: string, token: string) {
  window.localStorage.setItem('token', token);
  window.history.replaceState(null, '', path);
  return render(<app.Root />);
}

async function enrol() {
  await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
  expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  // Still the setup, though the second factor is on: the codes stay until saved.
  expect(screen.queryByRole('navigation')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
}

describe('forced enrolment', () => {
  it('sends a member whose role requires a second factor straight to its setup, with nothing else reachable, then lets them in', async () => {
    secondFactor = { isEnabled: false, isRequired: true, recoveryCodesLeft: 0 };
    openAt('/hosts', 'token-required-at-sign-in');
    expect(await screen.findByRole('heading', { level: 2, name: 'Set up two-factor sign-in' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Your role requires two-factor sign-in\. Set it up to continue/)).toBeInTheDocument();
    // Nothing but the setup, the language and Logout: no navigation, no screen, no screen's calls.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Hosts Management' })).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Logout', 'Set up two-factor sign-in']);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(document.title).toBe('Set up two-factor sign-in | Hoy');
    expect(calls.every((url) => ALLOWED_WHILE_ENROLLING.includes(url))).toBe(true);

    await enrol();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hosts Management' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByText(RECOVERY_CODES[0] as string)).toBeNull();
  });

  it('sends a member to the setup when a call answers 403 "enrolment required" (the role was just required)', async () => {
    secondFactor = { isEnabled: false, isRequired: false, recoveryCodesLeft: 0 };
    openAt('/dashboard', 'token-required-later');
    const sider = await screen.findByRole('navigation', { name: 'Main navigation' }, LOAD);
    expect(sider).toBeInTheDocument();
    // An administrator requires it of the role now: the next call is refused.
    secondFactor = { ...secondFactor, isRequired: true };
    // The menu fills in once the role's access is known.
    await userEvent.click(await within(sider).findByRole('link', { name: 'Hosts' }, LOAD));
    expect(await screen.findByRole('heading', { level: 2, name: 'Set up two-factor sign-in' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    await waitFor(() => expect(calls.filter((url) => url === 'admin/me').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the setup in Somali', async () => {
    await app.changeLanguage('so');
    secondFactor = { isEnabled: false, isRequired: true, recoveryCodesLeft: 0 };
    openAt('/dashboard', 'token-required-somali');
    expect(await screen.findByRole('heading', { level: 2, name: 'Deji gelitaanka laba-tallaabada ah' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ka bax' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deji gelitaanka laba-tallaabada ah' }));
    expect(await screen.findByRole('img', { name: 'Koodhka QR ee barnaamijka xaqiijinta' })).toBeInTheDocument();
  });
});
