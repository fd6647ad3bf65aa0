import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from '../../src/admin/components/search-input';

const PAUSE_MS = 40;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS * 5));
const startPath = window.location.pathname;

afterEach(() => window.history.replaceState(null, '', startPath));

describe('SearchInput', () => {
  it('sends the trimmed text once typing pauses', async () => {
    const onSearch = vi.fn<(value: string) => void>();
    render(<SearchInput value="" onSearch={onSearch} placeholder="Search any listing" delayMs={PAUSE_MS} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search any listing' }), ' sea view ');
    await pause();
    expect(onSearch.mock.calls).toEqual([['sea view']]);
  });

  it('drops a paused search when the address has moved to another screen before the pause ended (a row clicked)', async () => {
    const onSearch = vi.fn<(value: string) => void>();
    window.history.replaceState(null, '', '/listings');
    render(<SearchInput value="" onSearch={onSearch} placeholder="Search any listing" delayMs={PAUSE_MS} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search any listing' }), 'sea view');
    // What a row's link does at once, while the list still shows until the detail's code has loaded.
    window.history.pushState(null, '', '/listings/7');
    await pause();
    expect(onSearch).not.toHaveBeenCalled();
    // Enter still sends at once: the member asked for it.
    await userEvent.keyboard('{Enter}');
    expect(onSearch.mock.calls).toEqual([['sea view']]);
  });
});
