import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../src/i18n';
import { registerLandingCatalogue } from '../../src/i18n/landing-catalogue';
import { clampNights, estimateEarnings } from '../../src/landing/earnings';
import { EarningsEstimator } from '../../src/landing/earnings-estimator';

beforeAll(async () => {
  registerLandingCatalogue();
  await changeLanguage('en');
});

describe('earnings rule', () => {
  it('pays 33 USD a night for whole nights from 1 to 30', () => {
    expect(estimateEarnings(1)).toBe(33);
    expect(estimateEarnings(30)).toBe(990);
    expect(estimateEarnings(7)).toBe(231);
  });

  it('brings values outside 1..30 or fractional into range', () => {
    expect(clampNights(0)).toBe(1);
    expect(clampNights(31)).toBe(30);
    expect(clampNights(4.6)).toBe(5);
    expect(clampNights(Number.NaN)).toBe(1);
  });
});

describe('earnings estimator', () => {
  it('is a labelled slider of whole nights from 1 to 30', () => {
    render(<EarningsEstimator />);
    const slider = screen.getByRole('slider', { name: 'Nights hosted per month' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '30');
    expect(slider).toHaveAttribute('step', '1');
  });

  it('shows and announces the total of 33 × nights as the slider moves', () => {
    render(<EarningsEstimator />);
    const slider = screen.getByRole('slider', { name: 'Nights hosted per month' });
    const total = screen.getByRole('status', { name: 'Estimated earnings' });

    fireEvent.change(slider, { target: { value: '1' } });
    expect(slider).toHaveValue('1');
    expect(total).toHaveTextContent('$33');
    expect(slider).toHaveAttribute('aria-valuetext', '1 night, estimated earnings $33');

    fireEvent.change(slider, { target: { value: '30' } });
    expect(total).toHaveTextContent('$990');
    expect(slider).toHaveAttribute('aria-valuetext', '30 nights, estimated earnings $990');
    expect(screen.getByText('30 nights')).toBeInTheDocument();
  });

  it('states the nightly rate', () => {
    render(<EarningsEstimator />);
    expect(screen.getByText('At $33 per night')).toBeInTheDocument();
  });

  it('speaks Somali when the page does', async () => {
    await changeLanguage('so');
    try {
      render(<EarningsEstimator />);
      const slider = screen.getByRole('slider', { name: 'Habeennada la martigeliyo bishii' });
      fireEvent.change(slider, { target: { value: '12' } });
      expect(slider).toHaveAttribute('aria-valuetext', '12 habeen, dakhliga la filayo $396');
    } finally {
      await changeLanguage('en');
    }
  });
});
