// Streams a whole list as a JSON array or as CSV, batch by batch, so memory stays flat.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export function sendJsonArray<Row>(reply: FastifyReply, batches: AsyncIterable<Row[]>, toJson: (row: Row) => unknown) {
  async function* body() {
    let isFirst = true;
    yield '[';
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) {
        chunk += (isFirst ? '' : ',') + JSON.stringify(toJson(row));
        isFirst = false;
      }
      yield chunk;
    }
    yield ']';
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
}

/** One CSV field (RFC 4180). Values are written as stored: quoted when needed, never rewritten. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
  toFields: (row: Row) => unknown[],
) {
  async function* body() {
    // A byte-order mark so spreadsheet programs read UTF-8 (Somali names, emoji) correctly.
    yield `\uFEFF${header.map(csvField).join(',')}\r\n`;
    for await (const rows of batches) {
      yield rows.map((row) => `${toFields(row).map(csvField).join(',')}\r\n`).join('');
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(body()));
}
