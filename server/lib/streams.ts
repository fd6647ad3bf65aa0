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

/** Text a spreadsheet would run as a formula; a plain number or phone number ("+252 61 ...") is left alone. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d\s().-]*$/;

/** A CSV cell that a spreadsheet would evaluate gets a leading apostrophe (docs/decisions/005). */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * One CSV field (RFC 4180): quoted when needed. Text is written as stored except that a would-be
 * formula is neutralized, since every exported text was typed by someone outside staff's control.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? neutralizeFormula(value) : String(value);
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
