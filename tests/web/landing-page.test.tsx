import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../src/i18n';
import LandingPage from '../../src/landing/landing-page';
import { applyAddressLanguage, readAddressLanguage } from '../../src/landing/page-language';

beforeAll(async () => {
  await changeLanguage('en');
});

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  await changeLanguage('en');
});

describe('landing page', () => {
  it('has every part of the page: anchors, hero, store links, four benefits, seven features, estimator, forms, five questions, footer', () => {
    render(<LandingPage />);
    const header = screen.getByRole('banner');
    const mainNavigation = within(header).getByRole('navigation', { name: 'Main' });
    expect(
      within(mainNavigation)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '#home'],
      ['Features', '#features'],
      ['Register', '#register'],
      ["FAQ's", '#faq'],
    ]);
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '#register');
    expect(within(header).getByRole('link', { name: 'Hoy, reload the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Discover, Book, Enjoy' })).toBeInTheDocument();

    const googlePlay = screen.getAllByRole('link', { name: /Google Play/ });
    const appStore = screen.getAllByRole('link', { name: /App Store/ });
    expect(googlePlay).toHaveLength(2);
    expect(appStore).toHaveLength(2);
    for (const link of googlePlay) expect(link).toHaveAttribute('href', 'https://play.google.com/store');
    for (const link of appStore) expect(link).toHaveAttribute('href', 'https://www.apple.com/app-store/');
    for (const link of [...googlePlay, ...appStore]) expect(link.getAttribute('rel')).toContain('noopener');

    const benefits = screen.getByRole('region', { name: 'Host with Hoy' });
    expect(
      within(benefits)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Review and approve bookings', 'Take online transactions', 'List your properties', 'Manage your properties']);
    const features = screen.getByRole('region', { name: 'Features' });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Chat with guests and hosts',
      'Exclusive promo code offers',
      'Flexible payment methods',
      'Instant booking confirmation',
      'Verified listings',
      'User reviews and ratings',
      'Wishlist',
    ]);
    expect(screen.getByRole('slider', { name: 'Nights hosted per month' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Register as a host' })).toHaveAttribute('id', 'register');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Frequently asked questions' })).getAllByRole('button')).toHaveLength(5);

    const footer = screen.getByRole('contentinfo');
    expect(within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link')).toHaveLength(4);
    expect(footer).toHaveTextContent('© 2024 Hoy');
  });

  it('sizes every image and lazy-loads those below the fold', () => {
    render(<LandingPage />);
    const images = document.querySelectorAll('img');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image.getAttribute('src')).toMatch(/^\/landing\//);
    }
  });

  it('switches to Somali and back: texts, <html lang>, the remembered choice and a shareable address', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Soomaali' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Raadi, Ballanso, Ku raaxayso' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: "Su'aalaha" })).toHaveLength(2);
    expect(document.documentElement.lang).toBe('so');
    expect(window.localStorage.getItem('language')).toBe('so');
    expect(window.location.search).toBe('?lang=so');
    expect(screen.getByRole('button', { name: 'Soomaali' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.title).toBe('Hoy: Raadi, Ballanso, Ku raaxayso degitaanno gaaban');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Discover, Book, Enjoy' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.location.search).toBe('?lang=en');
  });

  it('names both languages as alternates with absolute addresses for search engines', () => {
    render(<LandingPage />);
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]);
    const origin = window.location.origin;
    expect(alternates).toEqual(
      expect.arrayContaining([
        ['en', `${origin}/?lang=en`],
        ['so', `${origin}/?lang=so`],
        ['x-default', `${origin}/`],
      ]),
    );
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('short stays'));
  });

  it('opens in the language named by ?lang=', () => {
    expect(readAddressLanguage('?lang=so')).toBe('so');
    expect(readAddressLanguage('?lang=fr')).toBeNull();
    window.history.replaceState(null, '', '/?lang=so');
    applyAddressLanguage();
    expect(i18n.resolvedLanguage).toBe('so');
    expect(document.documentElement.lang).toBe('so');
  });

  it('folds the anchors into a menu toggled by a button that reports its state, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toHaveClass('is-open');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(menu as HTMLElement).getByRole('link', { name: 'Features' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
