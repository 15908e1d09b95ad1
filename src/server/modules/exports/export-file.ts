import type { Readable } from 'node:stream';
import type { ExportFormat } from '../../../shared/schemas/export.schema';
import { attachment } from '../../lib/download-names';
import { type CsvCell, csvStream, jsonArrayStream } from './export-streams';

/** A download: its name, its media type and its bytes, read as the client reads them. */
export interface ExportFile {
  /** `Content-Disposition`: `customers-2026-11-23.csv`, a business's name transliterated and as written. */
  disposition: string;
  contentType: string;
  body: Readable;
}

/** One CSV column: its header and how a row's cell is read. */
export interface Column<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/**
 * Rows read from the database per query: large enough to be quick, small enough to keep memory flat,
 * and to keep each page's row mapping (a few milliseconds of the event loop) short: other requests
 * run between two pages (docs/decisions.md, "Exports in line, on half the cores").
 */
export const EXPORT_PAGE_SIZE = 250;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/**
 * `customers-2026-11-23.csv`: what it is, the day it was taken (UTC) and its format. `base` may
 * hold a business's name: the ASCII name is transliterated, the name as written goes in `filename*`.
 */
export const fileDisposition = (base: string, format: ExportFormat, now = new Date()) =>
  attachment(base, `-${now.toISOString().slice(0, 10)}.${format}`, 'export');

/** A header line, then one line per row. */
export async function* csvRecords<T>(
  columns: Column<T>[],
  rows: AsyncIterable<T>,
): AsyncGenerator<CsvCell[]> {
  yield columns.map((column) => column.header);
  for await (const row of rows) yield columns.map((column) => column.value(row));
}

/** A list export: CSV by the columns, or a JSON array of the rows. */
export function listFile<T>(
  base: string,
  format: ExportFormat,
  columns: Column<T>[],
  rows: AsyncIterable<T>,
): ExportFile {
  return {
    disposition: fileDisposition(base, format),
    contentType: CONTENT_TYPES[format],
    body: format === 'csv' ? csvStream(csvRecords(columns, rows)) : jsonArrayStream(rows),
  };
}
