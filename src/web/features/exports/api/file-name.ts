import type { ExportFormat, ExportKind } from '../../../../shared/schemas/export.schema';

/**
 * The name the server gave the file (Content-Disposition): the one as written (`filename*`, a
 * business's name with its accents) where there is one, else the ASCII one, else a plain one.
 */
export function fileNameOf(disposition: string | null, kind: ExportKind, format: ExportFormat): string {
  const written = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition ?? '')?.[1];
  if (written) {
    try {
      return decodeURIComponent(written);
    } catch {
      // Not valid percent-encoding: the ASCII name below.
    }
  }
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `${kind}.${format}`;
}
