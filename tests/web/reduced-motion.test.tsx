// The admin leaves antd's motion out while the member's system asks for less motion, and follows a
// change of that setting without a reload (src/admin/providers/use-reduced-motion.ts).
import { act, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin, stubDataProvider } from './render-admin';

const REDUCED = '(prefers-reduced-motion: reduce)';
const widthOnly = window.matchMedia;

/** A system whose reduced-motion setting the test turns; the other queries answer as setup.ts does. */
function systemSetting(isReduced: boolean) {
  const listeners = new Set<() => void>();
  const setting = { isReduced };
  window.matchMedia = (query: string) => {
    if (query !== REDUCED) return widthOnly(query);
    return {
      ...widthOnly(query),
      get matches() {
        return setting.isReduced;
      },
      addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    } as MediaQueryList;
  };
  return {
    turn(next: boolean) {
      setting.isReduced = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** Shows whether antd's theme, as the admin's providers set it, has motion. */
function MotionToken() {
  const { token } = theme.useToken();
  return <output aria-label="motion">{String(token.motion)}</output>;
}

afterEach(() => {
  window.matchMedia = widthOnly;
});

describe('reduced motion', () => {
  it('keeps antd motion when the system does not ask for less', async () => {
    systemSetting(false);
    renderAdmin(<MotionToken />, { dataProvider: stubDataProvider({}) });
    expect(await screen.findByRole('status', { name: 'motion' })).toHaveTextContent('true');
  });

  it('turns antd motion off when the system asks for less, and on again when it stops asking', async () => {
    const system = systemSetting(true);
    renderAdmin(<MotionToken />, { dataProvider: stubDataProvider({}) });
    const shown = await screen.findByRole('status', { name: 'motion' });
    expect(shown).toHaveTextContent('false');
    act(() => system.turn(false));
    expect(shown).toHaveTextContent('true');
    act(() => system.turn(true));
    expect(shown).toHaveTextContent('false');
  });
});
