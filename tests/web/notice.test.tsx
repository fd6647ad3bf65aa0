// A notice's type icon is hidden from assistive technology, so a screen reader reads its message alone.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from '../../src/admin/components/notice';
import { EnvironmentOutlined } from '../../src/admin/icons';

describe('Notice', () => {
  it.each(['success', 'info', 'warning', 'error'] as const)('shows the %s icon without exposing it', (type) => {
    const { container } = render(<Notice type={type} showIcon role="alert" message="Could not load the staff" />);
    const icons = container.querySelectorAll('.anticon');
    expect(icons).toHaveLength(1);
    expect(icons[0]).toHaveAttribute('aria-hidden', 'true');
    expect(icons[0]).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Could not load the staff$/);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an icon of its own instead, hidden too', () => {
    const { container } = render(<Notice type="info" showIcon icon={<EnvironmentOutlined />} message="No map tiles" />);
    expect(container.querySelector('.anticon-environment')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.anticon-info-circle')).toBeNull();
  });
});
