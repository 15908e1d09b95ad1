import type { Establishment } from '../../../../shared/schemas/establishment.schema';

/** The logo's address, or undefined when there is none. */
export const logoUrl = (e: Pick<Establishment, 'logo'>) =>
  e.logo ? `/image/logo/${e.logo}.jpeg` : undefined;

/** The cover's address, or undefined when there is none. */
export const coverUrl = (e: Pick<Establishment, 'cover'>) =>
  e.cover ? `/image/cover/${e.cover}.jpeg` : undefined;

/** A gallery picture's address. */
export const galleryImageUrl = (image: string) => `/image/gallery/${image}.jpeg`;

/** The QR code of the public page, as the server draws it. */
export function qrUrl(
  id: string,
  format: 'svg' | 'png',
  options: { size?: number; download?: boolean } = {},
) {
  const params = new URLSearchParams({ format });
  if (options.size) params.set('size', String(options.size));
  if (options.download) params.set('download', '1');
  return `/api/establishments/${encodeURIComponent(id)}/qr?${params}`;
}

/** Absolute public page and registration links, on the same origin the QR code encodes. */
export function publicLinks(publicUrl: string | undefined, publicId: string) {
  const base = (publicUrl || window.location.origin).replace(/\/+$/, '');
  const page = `${base}/${publicId}`;
  return { page, register: `${page}/register` };
}
