import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type Options, stringify } from 'csv-stringify/sync';

/** A CSV cell as the exports produce it; a Date is written as ISO 8601, a boolean as true/false. */
export type CsvCell = string | number | boolean | Date | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"): a
// name such as `=HYPERLINK(...)` typed by anyone who registers would run on the admin's machine.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text: a leading apostrophe when it would start a formula. */
export const neutralizeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

// How much text to gather before handing it on: one write per few hundred rows rather than per row,
// and still no more than this (plus the socket's buffer) in memory at a time.
const CHUNK_BYTES = 64 * 1024;
/** How long an export works before other requests get a turn. */
const TURN_MS = 2;

/**
 * Gather small strings into chunks of about CHUNK_BYTES. Every TURN_MS the event loop gets a turn
 * (setImmediate): rows in memory and a socket that drains fast would otherwise let an export
 * produce chunk after chunk while every other request waits.
 */
async function* chunked(parts: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  let since = performance.now();
  for await (const part of parts) {
    buffer += part;
    if (buffer.length >= CHUNK_BYTES) {
      yield buffer;
      buffer = '';
    }
    if (performance.now() - since >= TURN_MS) {
      await setImmediate();
      since = performance.now();
    }
  }
  if (buffer) yield buffer;
}

/** Text as a byte stream whose buffer is counted in bytes, not in (possibly large) strings. */
const textStream = (parts: AsyncIterable<string>) =>
  Readable.from(chunked(parts), { objectMode: false, highWaterMark: CHUNK_BYTES });

async function* arrayParts(rows: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const row of rows) {
    yield `${first ? '' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
}

const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  cast: {
    boolean: (value) => (value ? 'true' : 'false'),
    date: (value) => value.toISOString(),
    string: (value) => neutralizeFormula(value),
  },
};

// Records quoted per batch: csv-stringify's stream pushes each record on its own, which would mean a
// socket write per row; a batch of this many is about ten kilobytes of text and a millisecond of the
// event loop, so other requests are not kept waiting behind it.
const CSV_BATCH = 100;

/**
 * CSV as a byte stream, from records read on demand (RFC 4180: CRLF, fields quoted when needed, by
 * csv-stringify). A UTF-8 byte order mark comes first: without it, Excel reads "Košice" as
 * "KoĹˇice". The records are pulled only as fast as the client reads: Readable.from asks the
 * generator for more only when the socket has drained.
 */
export function csvStream(records: AsyncIterable<CsvCell[]>): Readable {
  return textStream(
    (async function* () {
      yield '\uFEFF';
      let batch: CsvCell[][] = [];
      for await (const record of records) {
        batch.push(record);
        if (batch.length >= CSV_BATCH) {
          yield stringify(batch, CSV_OPTIONS);
          batch = [];
        }
      }
      if (batch.length > 0) yield stringify(batch, CSV_OPTIONS);
    })(),
  );
}

/** A JSON array as a byte stream, one element per line, written as the rows are read. */
export function jsonArrayStream(rows: AsyncIterable<unknown>): Readable {
  return textStream(
    (async function* () {
      yield '[\n';
      yield* arrayParts(rows);
      yield '\n]\n';
    })(),
  );
}

/**
 * A JSON object as a byte stream: the small fields of `head` at once, then `key`: an array written
 * as its rows are read (a person's notifications may be many).
 */
export function jsonDocumentStream(head: object, key: string, rows: AsyncIterable<unknown>): Readable {
  const opening = JSON.stringify(head).slice(0, -1);
  return textStream(
    (async function* () {
      yield `${opening}${opening.length > 1 ? ',' : ''}${JSON.stringify(key)}:[\n`;
      yield* arrayParts(rows);
      yield '\n]}\n';
    })(),
  );
}

/** Rows from keyset pages: `next` is asked for the page after the last row, until a short page. */
export async function* keysetRows<T>(
  pageSize: number,
  next: (last: T | null) => Promise<T[]>,
): AsyncGenerator<T> {
  let last: T | null = null;
  for (;;) {
    const page = await next(last);
    yield* page;
    if (page.length < pageSize) return;
    last = page.at(-1)!;
  }
}
