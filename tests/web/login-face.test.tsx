// The sign-in page on its own: its checks before any call, the messages of a refused sign-in, and
// the token kept on success. The server is a stand-in fetch here; the browser journeys use the real one.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginFace from '../../src/login/login-face';

type Call = { url: string; body: unknown };

function answerWith(status: number, body: unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
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
    answerWith(200, { token: 'the-token' });
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
