// The landing page's two calls, with fetch rather than the admin's axios client so the page stays small.

const API_BASE: string = import.meta.env.VITE_API_URL ?? '';

const HOST_INFORMATION_PATH = '/api/data/add-host-information';
const EMAIL_SUBSCRIBER_PATH = '/api/data/add-email-subscriber';

/** What the visitor is told: stored, refused as invalid (400), refused for now (429), other failure, or no answer at all. */
export type SubmissionOutcome = 'success' | 'invalid' | 'rate-limited' | 'failure' | 'exception';

export type HostInformation = { name: string; email: string; phone: string; address: string };

async function postJson(path: string, body: unknown): Promise<SubmissionOutcome> {
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return 'success';
    if (response.status === 429) return 'rate-limited';
    if (response.status === 400) return 'invalid';
    return 'failure';
  } catch {
    return 'exception';
  }
}

export function submitHostInformation(information: HostInformation): Promise<SubmissionOutcome> {
  return postJson(HOST_INFORMATION_PATH, information);
}

export function subscribeEmail(email: string): Promise<SubmissionOutcome> {
  return postJson(EMAIL_SUBSCRIBER_PATH, { email });
}
