// Streams a whole list as a JSON array or as CSV, batch by batch, so memory stays flat; and bounds
// how many such exports one process streams at once.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORTS_BUSY_MESSAGE, EXPORTS_BUSY_REASON } from '../../src/contracts/paging';
import { HttpError } from '../errors';
import { once } from './once';

/**
 * How many exports (CSV and whole arrays) one process streams at once, from its database pool size:
 * one per four connections, at least one. An export reads its batches one query at a time, so it
 * holds at most one connection; with the default pool of 4 one export leaves three for pages, which
 * need two at once (the page and its total side by side), so exports never starve the screens.
 */
export function exportLimitOf(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 4));
}

/** The exports streaming now, up to a limit. A further one is refused at once, never queued behind a slow reader. */
export interface ExportSlots {
  readonly limit: number;
  /** Takes a slot: answers the function that gives it back (once, however often called), or undefined when all are taken. */
  tryTake(): (() => void) | undefined;
  /** Slots taken now. */
  taken(): number;
}

export function createExportSlots(limit: number): ExportSlots {
  let taken = 0;
  return {
    limit,
    taken: () => taken,
    tryTake() {
      if (taken >= limit) return undefined;
      taken += 1;
      return once(() => {
        taken -= 1;
      });
    },
  };
}

/** Seconds a refused export is told to wait. */
const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * Takes one of the process's export slots for this answer: given back when the response closes
 * (sent, cut off by the client, or failed); a 503 `exports-busy` with Retry-After when none is free.
 */
export function holdExportSlot(slots: ExportSlots, reply: FastifyReply): void {
  const giveBack = slots.tryTake();
  if (!giveBack) throw exportsBusyError();
  reply.raw.once('close', giveBack);
}

/** Every export slot of the process is taken: 503 `exports-busy` with Retry-After. */
export function exportsBusyError(): HttpError {
  return new HttpError(503, EXPORTS_BUSY_MESSAGE, { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) }, EXPORTS_BUSY_REASON);
}

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

/** Characters a spreadsheet may run as the start of a formula (OWASP's list: =, +, -, @, tab, carriage return). */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
/**
 * Characters after which a spreadsheet may start a new cell inside one of our values: the
 * separators of every locale (`,` and `;`; tab in import dialogs), the quote, and line breaks.
 * A program that splits lines on `;` does not honour our comma file's quoting, so a quoted
 * `x;=HYPERLINK(...)` still opens there as the cell `=HYPERLINK(...)`.
 */
const CELL_BREAKS = new Set([',', ';', '"', '\t', '\r', '\n']);
/** Digits, spaces and `().-+` only: a number or phone number ("+252 61 ...") cannot call a function. */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]*$/;

/**
 * Puts an apostrophe before every place a spreadsheet could read as the start of a formula: the
 * value's start and the start of every piece after a cell break (docs/decisions/005). Prefixing
 * only the value's start and quoting it would not do: quoting protects only from programs that
 * split on our comma, and a `;` locale splits inside the quotes. With an apostrophe at every piece
 * start, each piece any program can cut the value into begins with text. A piece that is a plain
 * number is left alone, and nothing else changes. Linear in the value's length: no regular
 * expression with nested quantifiers, so a 5000-character value cannot make it backtrack.
 */
export function neutralizeFormula(value: string): string {
  let neutralized = '';
  let copiedUpTo = 0;
  for (let start = 0; start < value.length; start += 1) {
    const isPieceStart = start === 0 || CELL_BREAKS.has(value[start - 1]);
    if (!isPieceStart || !FORMULA_STARTS.has(value[start])) continue;
    // The piece runs to the next break; a character is scanned at most twice (a tab or carriage
    // return starts a piece and also ends one), so the whole walk stays linear.
    let end = start + 1;
    while (end < value.length && !CELL_BREAKS.has(value[end])) end += 1;
    if (PLAIN_NUMBER.test(value.slice(start, end))) continue;
    neutralized += `${value.slice(copiedUpTo, start)}'`;
    copiedUpTo = start;
  }
  return copiedUpTo === 0 && neutralized === '' ? value : neutralized + value.slice(copiedUpTo);
}

/**
 * One CSV field (RFC 4180): quoted when needed. Text is written as stored except that a would-be
 * formula is neutralized, since every exported text was typed by someone outside staff's control.
 * Objects and arrays are written as JSON.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? neutralizeFormula(value)
        : // A nested value (an audit event's before and after) is written as its JSON.
          typeof value === 'object'
          ? neutralizeFormula(JSON.stringify(value))
          : String(value);
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
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(Readable.from(body()));
}
