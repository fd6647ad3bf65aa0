import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../src/i18n';
import { registerLandingCatalogue } from '../../src/i18n/landing-catalogue';
import { FaqAccordion } from '../../src/landing/faq-accordion';

beforeAll(async () => {
  registerLandingCatalogue();
  await changeLanguage('en');
});

const QUESTIONS = [
  'What is Hoy?',
  'How do I become a host?',
  'How much does it cost to host on Hoy?',
  'How do guests pay and how do I receive my earnings?',
  'Can a booking be cancelled?',
];

/** The questions whose answer is shown (a hidden answer is no region to assistive technology). */
function openAnswers(): string[] {
  return QUESTIONS.filter((name) => screen.queryByRole('region', { name }) !== null);
}

function question(name: string) {
  return screen.getByRole('button', { name });
}

describe('FAQ accordion', () => {
  it('lists five questions, all closed at first, each controlling its answer', () => {
    render(<FaqAccordion />);
    for (const name of QUESTIONS) {
      const button = question(name);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
    }
  });

  it('opens one answer at a time', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    await user.click(question(QUESTIONS[0]));
    expect(question(QUESTIONS[0])).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: QUESTIONS[0] })).toBeVisible();

    await user.click(question(QUESTIONS[2]));
    expect(question(QUESTIONS[2])).toHaveAttribute('aria-expanded', 'true');
    expect(question(QUESTIONS[0])).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toEqual([QUESTIONS[2]]);
    expect(screen.getByRole('region', { name: QUESTIONS[2] })).toHaveTextContent('hosting service fee of 2.5%');
  });

  it('closes the open answer on a second click', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    await user.click(question(QUESTIONS[1]));
    await user.click(question(QUESTIONS[1]));
    expect(question(QUESTIONS[1])).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toEqual([]);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion />);
    await user.tab();
    expect(question(QUESTIONS[0])).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(question(QUESTIONS[0])).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(question(QUESTIONS[0])).toHaveAttribute('aria-expanded', 'false');
  });
});
