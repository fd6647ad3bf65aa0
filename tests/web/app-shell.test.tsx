import { render, screen, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/contracts/roles';
import { pickFace } from '../../src/root';
import { loadAppOver, type AppOverAdapter } from './app-over-adapter';

// The admin chunk (Refine and antd) is transformed on first use, which takes a while in a cold run.
const LOAD = { timeout: 20_000 };

// No server runs here: every API call fails as a network error, except GET /api/admin/me, which
// answers a member of `role`, so the shell knows what the signed-in member may use. The shell asks
// once per token, so each role's test signs in with a token of its own.
let role: Role = 'administrator';
const fakeApi: AxiosAdapter = async (config) => {
  if (config.url === 'admin/me') {
    return { data: { id: 1, name: 'Test Member', email: 'member@hoy.test', role }, status: 200, statusText: 'OK', headers: {}, config };
  }
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
};
let app: AppOverAdapter;
beforeAll(async () => {
  app = await loadAppOver(fakeApi);
});
afterAll(() => app.restore());
beforeEach(() => {
  role = 'administrator';
});

function openAt(path: string, token?: string) {
  if (token) window.localStorage.setItem('token', token);
  window.history.replaceState(null, '', path);
  return render(<app.Root />);
}

describe('choosing the face', () => {
  it.each([
    ['/', false, 'landing', undefined],
    ['/login', false, 'login', undefined],
    ['/login', true, 'admin', undefined],
    ['/hosts', false, 'landing', '/'],
    ['/', true, 'admin', undefined],
    ['/anything', true, 'admin', undefined],
  ] as const)('%s with token=%s opens the %s face', (path, hasToken, face, redirectTo) => {
    expect(pickFace(path, hasToken)).toEqual(redirectTo ? { face, redirectTo } : { face });
  });
});

describe('app shell', () => {
  it('shows the landing page at / without a token and no Ant Design markup', async () => {
    openAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover, Book, Enjoy' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Soomaali' })).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('sends an admin path without a token to the landing page at /', async () => {
    openAt('/hosts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover, Book, Enjoy' }, LOAD)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('switches the landing page to Somali', async () => {
    openAt('/');
    (await screen.findByRole('button', { name: 'Soomaali' }, LOAD)).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Raadi, Ballanso, Ku raaxayso' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('so');
    (await screen.findByRole('button', { name: 'English' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover, Book, Enjoy' })).toBeInTheDocument();
  });

  it('shows the login form at /login without a token', async () => {
    openAt('/login');
    const email = await screen.findByLabelText('Email', {}, LOAD);
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    // The sign-in page shows before the back-office arrives: no Ant Design markup.
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it('explains a login forced by a 401', async () => {
    openAt('/login?reason=unauthorized');
    expect(await screen.findByText('Unauthorized access. Please login again.', {}, LOAD)).toBeInTheDocument();
  });

  it('explains a login forced by a session that ended by time', async () => {
    openAt('/login?reason=expired');
    expect(await screen.findByText('Your session has expired. Please log in again.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized access. Please login again.')).toBeNull();
  });

  it('shows the admin shell with the Hoy sider and the Dashboard heading when a token is stored', async () => {
    openAt('/', 'a-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' }, LOAD)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    const sider = document.querySelector('.ant-layout-sider');
    expect(sider).not.toBeNull();
    expect(within(sider as HTMLElement).getByText('Hoy')).toBeInTheDocument();
    expect(await within(sider as HTMLElement).findByText('Staff')).toBeInTheDocument();
    for (const label of ['Dashboard', 'Hosts', 'Guests', 'Properties', 'Listings', 'Bookings', 'Promo Code', 'Feedback', 'Activity', 'Sessions', 'Logout']) {
      expect(within(sider as HTMLElement).getByText(label)).toBeInTheDocument();
    }
    // The icons are hidden from assistive technology: each entry is named by its text alone.
    expect(within(sider as HTMLElement).getByRole('menuitem', { name: 'Sessions' })).toBeInTheDocument();
    expect(within(sider as HTMLElement).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('routes a resource list path to its screen', async () => {
    openAt('/hosts', 'a-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Hosts Management' }, LOAD)).toBeInTheDocument();
  });

  it('redirects /guest-manage to /promo-code', async () => {
    openAt('/guest-manage', 'a-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Promo Code' }, LOAD)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/promo-code');
  });

  it('redirects an unknown path to /dashboard when a token is stored', async () => {
    openAt('/no-such-page', 'a-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' }, LOAD)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('shows a moderator only the screens of the role, and a 403 screen at the address of another', async () => {
    role = 'moderator';
    openAt('/bookings', 'a-moderator-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to see this page.')).toBeInTheDocument();
    const sider = document.querySelector('.ant-layout-sider') as HTMLElement;
    expect(await within(sider).findByText('Hosts')).toBeInTheDocument();
    for (const label of ['Dashboard', 'Guests', 'Properties', 'Listings', 'Feedback', 'Activity', 'Data from Landing Page']) {
      expect(within(sider).getByText(label)).toBeInTheDocument();
    }
    for (const label of ['Bookings', 'Chats', 'Promo Code', 'Staff']) expect(within(sider).queryByText(label)).toBeNull();
  });

  it('opens a screen of the role: a viewer reads the promo overview', async () => {
    role = 'viewer';
    openAt('/promo-code', 'a-viewer-token');
    expect(await screen.findByRole('heading', { level: 2, name: 'Promo Code' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Not allowed')).toBeNull();
  });
});
