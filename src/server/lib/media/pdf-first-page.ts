import { Worker } from 'node:worker_threads';
import type { PdfFirstPageJob, PdfFirstPageResult } from './pdf-first-page.worker.ts';

/** A PDF whose first page is not drawn within this long is refused (a hostile or broken file). */
const DEADLINE_MS = 20_000;
/** The drawing thread's heap: a page that needs more is refused, the server keeps its memory. */
const HEAP_MB = 512;

/** Is this file's start a PDF's? Its header must come within the first 1024 bytes (PDF 1.7, 7.5.2). */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, 1024).includes('%PDF-');
}

/**
 * The first page of a PDF as a PNG `width` pixels wide, or null when the file is not a PDF that can
 * be drawn (not a PDF, damaged, encrypted, over the deadline or the memory cap).
 */
export function pdfFirstPage(file: string, width: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pdf-first-page.worker.ts', import.meta.url), {
      workerData: { file, width } satisfies PdfFirstPageJob,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    let settled = false;
    const settle = (png: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      resolve(png);
    };
    const deadline = setTimeout(() => settle(null), DEADLINE_MS);
    worker.on('message', (result: PdfFirstPageResult) =>
      settle('png' in result ? Buffer.from(result.png) : null),
    );
    worker.on('error', () => settle(null));
    worker.on('exit', () => settle(null));
  });
}
