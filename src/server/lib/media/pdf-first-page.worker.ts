import { readFile } from 'node:fs/promises';

/** What the thread is given: the PDF's path and the picture's width in pixels. */
export interface PdfFirstPageJob {
  file: string;
  width: number;
}

/** What it answers: the first page as a PNG, or why the file is not a PDF it can draw. */
export type PdfFirstPageResult = { png: Uint8Array } | { unreadable: string };

type RenderParameters = Parameters<import('pdfjs-dist').PDFPageProxy['render']>[0];

interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: NonNullable<RenderParameters['canvas']> & { toBuffer(mime: 'image/png'): Uint8Array };
    context: RenderParameters['canvasContext'];
  };
}

/**
 * Draw the first page of a PDF, in a process of its own (pdf-first-page.ts): pdf.js parses and draws
 * on the CPU for up to a second or two, which must not stop the server's event loop, and a hostile
 * file that loops, eats memory or crashes the native canvas only costs this process (the caller
 * kills it after a deadline; its heap is capped).
 */
async function drawFirstPage({ file, width }: PdfFirstPageJob): Promise<PdfFirstPageResult> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(file));
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    // No eval (CVE-2024-4367: font code compiled from the file), no system fonts, no scripting.
    document = await pdfjs.getDocument({
      data,
      isEvalSupported: false,
      useSystemFonts: false,
      enableXfa: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    return { unreadable: (error as Error).name ?? 'unreadable' };
  }
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    // The page at the picture's width, at most 3 times as tall (a receipt-long page is cut by the JPEG step).
    const scale = Math.min(width / natural.width, (width * 3) / natural.height);
    const viewport = page.getViewport({ scale });
    // In Node, pdf.js draws on @napi-rs/canvas (its optional dependency); its types say only Object.
    const factory = document.canvasFactory as CanvasFactory;
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const png: Uint8Array = canvas.toBuffer('image/png');
    return { png };
  } catch (error) {
    return { unreadable: (error as Error).name ?? 'unreadable' };
  } finally {
    await document.destroy();
  }
}

/** Answer, then exit once the answer is out (a large PNG takes more than one write). */
const answer = (result: PdfFirstPageResult) => process.send?.(result, () => process.exit(0));

process.once('message', (job: PdfFirstPageJob) => {
  drawFirstPage(job).then(answer, (error: Error) => answer({ unreadable: error.name }));
});
