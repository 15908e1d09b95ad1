import { RESERVED_PATH_SEGMENTS } from '../../../shared/public-id';
import type { AppContext } from '../../context';
import { stateOf } from './establishment.dto';
import { type EstablishmentRow, findEstablishment } from './establishments.repo';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * For /{publicId} and /{publicId}/register: the index.html with the business's title, description
 * and Open Graph tags, so a shared link previews with its name and picture. Null for other paths.
 */
export async function publicPageHtml(
  ctx: AppContext,
  indexHtml: string,
  urlPath: string,
): Promise<string | null> {
  const match = /^\/([a-z0-9-]{3,64})(?:\/register)?\/?$/.exec(urlPath.split('?')[0]!);
  if (!match || RESERVED_PATH_SEGMENTS.has(match[1]!)) return null;
  const row = await findEstablishment(ctx.db, match[1]!);
  if (!row || !['active', 'inactive'].includes(stateOf(row))) return null;
  const tags = previewTags(ctx.config.publicUrl, row);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

/** A business page's title, description and Open Graph tags. */
export function previewTags(
  publicUrl: string,
  row: Pick<EstablishmentRow, 'name' | 'subheader' | 'cover' | 'logo' | 'publicId'>,
): string {
  const title = `${row.name} | Broadcast`;
  const description =
    row.subheader ||
    `Follow ${row.name} and get their news, menus and offers as notifications on your phone.`;
  const image = row.cover
    ? `${publicUrl}/image/cover/${row.cover}.jpeg`
    : row.logo
      ? `${publicUrl}/image/logo/${row.logo}.jpeg`
      : `${publicUrl}/icons/icon-512.png`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Broadcast" />`,
    `<meta property="og:title" content="${escapeHtml(row.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(`${publicUrl}/${row.publicId}`)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
}
