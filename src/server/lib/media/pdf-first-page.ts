import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PdfFirstPageJob, PdfFirstPageResult } from './pdf-first-page.worker.ts';

/** A PDF whose first page is not drawn within this long is refused (a hostile or broken file). */
const DEADLINE_MS = 20_000;
/** The drawing process's heap: a page that needs more is refused, the server keeps its memory. */
const HEAP_MB = 512;
const WORKER = fileURLToPath(new URL('./pdf-first-page.worker.ts', import.meta.url));

/** Is this file's start a PDF's? Its header must come within the first 1024 bytes (PDF 1.7, 7.5.2). */
export function looksLikePdf(head: Buffer): boolean {
  return head.subarray(0, 1024).includes('%PDF-');
}

/**
 * The first page of a PDF as a PNG `width` pixels wide, or null when the file is not a PDF that can
 * be drawn (not a PDF, damaged, encrypted, over the deadline or the memory cap).
 *
 * Drawn in a child process, not a worker thread: pdf.js draws on a native addon (@napi-rs/canvas)
 * fed with an uploaded, possibly hostile file, and a crash in native code (or the known crashes of
 * napi-rs addons when a worker thread ends) would take the whole server down with it. A process
 * is slower to start than a thread; a PDF is uploaded far less often than that matters.
 */
export function pdfFirstPage(file: string, width: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = fork(WORKER, [], {
      // The parent's flags (e.g. --import tsx) so it loads TypeScript as the server does.
      execArgv: [...process.execArgv, `--max-old-space-size=${HEAP_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled = false;
    const settle = (png: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(png);
    };
    const deadline = setTimeout(() => settle(null), DEADLINE_MS);
    child.on('message', (result: PdfFirstPageResult) =>
      settle('png' in result ? Buffer.from(result.png) : null),
    );
    child.on('error', () => settle(null));
    child.on('exit', () => settle(null));
    child.send({ file, width } satisfies PdfFirstPageJob);
  });
}
