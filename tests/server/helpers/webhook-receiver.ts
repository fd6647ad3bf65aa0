// A local HTTP server that receives webhook deliveries for the tests: it keeps every request and
// answers as the test says (a status, a redirect, no answer at all).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** The receiver's origin, http://127.0.0.1:<port>. */
  origin: string;
  received: ReceivedDelivery[];
  /** How the next requests are answered: a status (with an optional body), a redirect, or never. */
  answer: { status: number; body?: string; location?: string } | 'never';
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Omit<WebhookReceiver, 'origin' | 'close'> = { received: [], answer: { status: 200 } };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { answer } = receiver;
      if (answer === 'never') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
