import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageWindow, PaginationControl, shownRange } from '../../src/admin/components/pagination-control';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';

registerAdminCatalogue();

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres five numbers on the current page with page 1 and the last page behind gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
  });

  it('keeps five numbers at the edges', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('leaves out a gap that would hide no page', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'gap-end', 8]);
  });

  it('answers nothing for no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('shownRange', () => {
  it('gives the rows of a full, a partial and an empty page', () => {
    expect(shownRange(1, 8, 20)).toEqual({ from: 1, to: 8 });
    expect(shownRange(3, 8, 20)).toEqual({ from: 17, to: 20 });
    expect(shownRange(1, 8, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('PaginationControl', () => {
  it('shows the summary, highlights the current page, and moves by First, Previous, Next, Last and number', async () => {
    const onChange = vi.fn<(page: number) => void>();
    render(<PaginationControl current={3} pageSize={8} total={100} onChange={onChange} />);
    expect(screen.getByText('Showing 17 to 24 of 100 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '13' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'First' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Last' }));
    await user.click(screen.getByRole('button', { name: '5' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([1, 2, 4, 13, 5]);
  });

  it('disables First and Previous on page 1, Next and Last on the last page', () => {
    const { rerender } = render(<PaginationControl current={1} pageSize={10} total={25} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<PaginationControl current={3} pageSize={10} total={25} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First' })).toBeEnabled();
  });
});
