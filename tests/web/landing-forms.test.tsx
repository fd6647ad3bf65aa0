import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../src/i18n';
import { registerLandingCatalogue } from '../../src/i18n/landing-catalogue';
import { HostRegistrationForm } from '../../src/landing/host-registration-form';
import { SubscriptionForm } from '../../src/landing/subscription-form';

beforeAll(async () => {
  registerLandingCatalogue();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stands in for the server: answers every call with `status`, or fails like a dropped connection. */
function mockFetch(answer: number | 'network-error') {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(async () => {
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer === 201 ? '{"received":true}' : '{"message":"no"}', { status: answer, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const HOST = { name: '  Amina <b>Warsame</b> ', email: 'amina@example.so', phone: '+252 61 000 0000', address: 'Maka Al Mukarama Rd, Mogadishu' };

async function fillHostForm() {
  const user = userEvent.setup();
  render(<HostRegistrationForm />);
  await user.type(screen.getByLabelText('Name'), HOST.name);
  await user.type(screen.getByLabelText('Email'), HOST.email);
  await user.type(screen.getByLabelText('Phone'), HOST.phone);
  await user.type(screen.getByLabelText('Property address'), HOST.address);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

describe('host registration form', () => {
  it('types the e-mail and phone fields for the browser and requires nothing', () => {
    render(<HostRegistrationForm />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    for (const label of ['Name', 'Email', 'Phone', 'Property address']) expect(screen.getByLabelText(label)).not.toBeRequired();
  });

  it('sends the values exactly as typed, then clears the fields and thanks the visitor', async () => {
    const fetchMock = mockFetch(201);
    await fillHostForm();
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your submission!');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/data/add-host-information');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(HOST);
    for (const label of ['Name', 'Email', 'Phone', 'Property address']) expect(screen.getByLabelText(label)).toHaveValue('');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    [500, 'Error submitting host information'],
    [400, 'Error submitting host information'],
    [429, 'Too many submissions from your connection. Please try again later.'],
    ['network-error', 'An error occurred while submitting the form'],
  ] as const)('answered %s, alerts "%s" in the page and keeps the values', async (answer, message) => {
    mockFetch(answer);
    await fillHostForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Name')).toHaveValue(HOST.name);
  });

  it('disables the button while the call runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await fillHostForm();
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer(new Response('{"received":true}', { status: 201 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });
});

async function subscribe(email: string) {
  const user = userEvent.setup();
  render(<SubscriptionForm />);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('updates subscription', () => {
  it('sends the address, clears the field and thanks the visitor', async () => {
    const fetchMock = mockFetch(201);
    await subscribe('reader@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for subscribing!');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/data/add-email-subscriber');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'reader@example.com' });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
  });

  it.each([
    [500, 'Error subscribing to email list'],
    [400, 'Error subscribing to email list. Please enter a valid email address.'],
    [429, 'Too many submissions from your connection. Please try again later.'],
    ['network-error', 'An error occurred while subscribing'],
  ] as const)('answered %s, alerts "%s" in the page and keeps the address', async (answer, message) => {
    mockFetch(answer);
    await subscribe('reader@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@example.com');
  });

  it('shows its messages in Somali on the Somali page', async () => {
    await changeLanguage('so');
    try {
      mockFetch(201);
      const user = userEvent.setup();
      render(<SubscriptionForm />);
      await user.type(screen.getByLabelText('Cinwaanka iimaylka'), 'akhriste@example.so');
      await user.click(screen.getByRole('button', { name: 'Ku biir' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Waad ku mahadsan tahay inaad ku biirtay!');
    } finally {
      await changeLanguage('en');
    }
  });
});
