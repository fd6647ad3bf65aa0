import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorScreen } from './lib/error-screen';
import { readToken } from './lib/session';

// Each face is its own chunk: a visitor never downloads the admin code, an administrator never the
// landing page, and the sign-in page shows before the back-office has arrived.
const LandingPage = lazy(() => import('./landing/landing-page'));
const LoginFace = lazy(() => import('./login/login-face'));
const AdminApp = lazy(() => import('./admin/app'));

export type Face = 'landing' | 'login' | 'admin';

/** docs/product.md §2: a token opens the admin; without one only `/` (landing) and `/login` exist, the rest goes to `/`. */
export function pickFace(pathname: string, hasToken: boolean): { face: Face; redirectTo?: string } {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (hasToken) return { face: 'admin' };
  if (path === '/login') return { face: 'login' };
  if (path === '/') return { face: 'landing' };
  return { face: 'landing', redirectTo: '/' };
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; hasError: boolean }> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Chooses the face once, from the stored token and the address the visitor opened. */
export function Root() {
  const [face, setFace] = useState(() => {
    const choice = pickFace(window.location.pathname, readToken() !== null);
    if (choice.redirectTo) window.history.replaceState(null, '', choice.redirectTo);
    return choice.face;
  });
  const openDashboard = () => {
    window.history.replaceState(null, '', '/dashboard');
    setFace('admin');
  };
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>{face === 'admin' ? <AdminApp /> : face === 'login' ? <LoginFace onSignedIn={openDashboard} /> : <LandingPage />}</Suspense>
    </ErrorBoundary>
  );
}
