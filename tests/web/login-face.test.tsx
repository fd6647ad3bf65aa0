// The sign-in page on its own: its checks before any call, the messages of a refused sign-in, the
// token kept on success, and the second step (a code or a recovery code) for a member with a second
// factor. The server is a stand-in fetch here; the browser journeys use the real one.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import { changeLanguage } from '../../src/i18n';
import LoginFace from '../../src/login/login-face';

type Call = { url: string; body: unknown };
type Answer = { status: number; body: unknown };

/** The stand-in server: each call takes the next answer; the last one repeats. */
function answerInTurn(...answers: Answer[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const { status, body } = answers[Math.min(calls.length, answers.length) - 1] as Answer;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function answerWith(status: number, body: unknown) {
  return answerInTurn({ status, body });
}

const CHALLENGE = 'c'.repeat(43);
const SECOND_STEP = { status: 200, body: { step: 'second-factor', challenge: CHALLENGE } };
const PASSWORD_CALL = { url: '/api/admin/admin-login', body: { email: 'admin@hoy.test', password: 'a password' } };

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(async () => {
  await changeLanguage('en');
  window.localStorage.clear();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in page', () => {
  it('asks for both fields and a valid e-mail before calling the server', async () => {
    const calls = answerWith(200, { token: 'never' });
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('', '');
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email');
    fill('not-an-address', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your password')).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each([
    [401, 'Authentication failed. Please check your credentials.'],
    [429, 'Too many failed attempts. Please wait a few minutes and try again.'],
    [503, 'Too many sign-ins at this moment. Please try again in a few seconds.'],
    [500, 'An error occurred. Please try again.'],
  ])('shows the message of a %i and keeps no token', async (status, message) => {
    const calls = answerWith(status, { message: 'refused' });
    const onSignedIn = vi.fn<() => void>();
    render(<LoginFace onSignedIn={onSignedIn} />);
    fill('admin@hoy.test', 'a password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent(message);
    expect(calls).toEqual([{ url: '/api/admin/admin-login', body: { email: 'admin@hoy.test', password: 'a password' } }]);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('keeps the token and opens the back-office on success', async () => {
    answerWith(200, { step: 'signed-in', token: 'the-token' });
    const onSignedIn = vi.fn<() => void>();
    render(<LoginFace onSignedIn={onSignedIn} />);
    fill('  admin@hoy.test ', 'a password');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(window.localStorage.getItem('token')).toBe('the-token');
  });

  it('explains why the last session ended', () => {
    window.history.replaceState(null, '', '/login?reason=expired');
    render(<LoginFace onSignedIn={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired. Please log in again.');
  });
});

describe('the second step of the sign-in page', () => {
  const codeField = () => screen.getByRole('textbox', { name: 'Authentication code' });

  it('asks for the code after a right password, and signs in with it', async () => {
    const calls = answerInTurn(SECOND_STEP, { status: 200, body: { token: 'the-token' } });
    const onSignedIn = vi.fn<() => void>();
    render(<LoginFace onSignedIn={onSignedIn} />);
    fill('admin@hoy.test', 'a password');
    const field = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription('Open your authenticator app and enter the 6-digit code it shows for Hoy.');
    // The password form is gone; the challenge is nowhere but in the page's state.
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(JSON.stringify(window.localStorage)).not.toContain(CHALLENGE);

    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(calls).toEqual([PASSWORD_CALL, { url: '/api/admin/admin-login/second-factor', body: { challenge: CHALLENGE, code: '123456' } }]);
    expect(window.localStorage.getItem('token')).toBe('the-token');
  });

  it('checks the code has six digits before sending it', async () => {
    const calls = answerInTurn(SECOND_STEP);
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(/Enter the 6-digit code from your authenticator app\.$/);
    expect(calls).toHaveLength(1);
  });

  it('says a wrong code is wrong and lets the member try again on the same step', async () => {
    const calls = answerInTurn(
      SECOND_STEP,
      { status: 401, body: { message: 'That code is not right.', reason: ACCOUNT_REASONS.codeInvalid } },
      { status: 200, body: { token: 'the-token' } },
    );
    const onSignedIn = vi.fn<() => void>();
    render(<LoginFace onSignedIn={onSignedIn} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('That code is not right. Check your authenticator app and try again.');
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(onSignedIn).not.toHaveBeenCalled();

    await userEvent.type(codeField(), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(calls.map((call) => call.body)).toEqual([PASSWORD_CALL.body, { challenge: CHALLENGE, code: '111111' }, { challenge: CHALLENGE, code: '222222' }]);
  });

  it('signs in with a recovery code typed with dashes and spaces instead', async () => {
    const calls = answerInTurn(SECOND_STEP, { status: 200, body: { token: 'the-token' } });
    const onSignedIn = vi.fn<() => void>();
    render(<LoginFace onSignedIn={onSignedIn} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(field).toHaveFocus();
    expect(field).not.toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, 'abcd-efgh 2345-6789');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(calls[1]).toEqual({ url: '/api/admin/admin-login/second-factor', body: { challenge: CHALLENGE, recoveryCode: 'ABCDEFGH23456789' } });
  });

  it('says a wrong recovery code is wrong, and the toggle returns to the app code', async () => {
    answerInTurn(SECOND_STEP, { status: 401, body: { reason: ACCOUNT_REASONS.codeInvalid } });
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'ABCD EFGH JKMN PQRS');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That recovery code is not right, or it was used already.');
    await userEvent.click(screen.getByRole('button', { name: 'Use a code from your app instead' }));
    expect(codeField()).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back to the password step, keeping the e-mail, when the challenge has ended', async () => {
    const calls = answerInTurn(SECOND_STEP, {
      status: 401,
      body: { message: 'This sign-in has expired.', reason: ACCOUNT_REASONS.challengeEnded },
    });
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This sign-in has expired. Please enter your e-mail and password again.');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@hoy.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('"Back" returns to the password step', async () => {
    answerInTurn(SECOND_STEP);
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [429, 'Too many failed attempts. Please wait a few minutes and try again.'],
    [503, 'Too many sign-ins at this moment. Please try again in a few seconds.'],
  ])('shows the message of a %i on the code step and stays there', async (status, message) => {
    answerInTurn(SECOND_STEP, { status, body: { message: 'refused' } });
    render(<LoginFace onSignedIn={() => undefined} />);
    fill('admin@hoy.test', 'a password');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(codeField()).toBeInTheDocument();
  });

  it('speaks Somali when Somali is the stored language', async () => {
    await changeLanguage('so');
    answerInTurn(SECOND_STEP, { status: 401, body: { reason: ACCOUNT_REASONS.codeInvalid } });
    render(<LoginFace onSignedIn={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Iimayl'), { target: { value: 'admin@hoy.test' } });
    fireEvent.change(screen.getByLabelText('Furaha sirta ah'), { target: { value: 'a password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gal' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Koodhka xaqiijinta' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xaqiiji' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Koodhkaasi sax maaha.');
    expect(screen.getByRole('button', { name: 'Beddelkeeda isticmaal koodh soo-celin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dib u noqo' })).toBeInTheDocument();
  });
});
