import { getEstablishmentQr } from '../../../shared/contracts/establishments.contracts';
import { VISIT_SOURCE_PARAM, type VisitSource } from '../../../shared/schemas/report-sources';
import { contractUrl } from '../../lib/call-api';

/** The QR code of the public page, as the server draws it. */
export function qrUrl(
  id: string,
  format: 'svg' | 'png',
  options: { size?: number; download?: boolean; source?: 'qr' | 'poster' } = {},
) {
  return contractUrl(
    getEstablishmentQr,
    { id },
    {
      format,
      size: options.size ? String(options.size) : undefined,
      download: options.download ? '1' : undefined,
      // The code encodes the page's address with ?src=qr (the server's default) or ?src=poster.
      source: options.source === 'poster' ? 'poster' : undefined,
    },
  );
}

/** A public page link that tells the page where the visit came from (?src=), for the funnel. */
export const withVisitSource = (url: string, source: VisitSource) => `${url}?${VISIT_SOURCE_PARAM}=${source}`;

/** Absolute public page and registration links, on the same origin the QR code encodes. */
export function publicLinks(publicUrl: string | undefined, publicId: string) {
  const base = (publicUrl || window.location.origin).replace(/\/+$/, '');
  const page = `${base}/${publicId}`;
  return { page, register: `${page}/register` };
}
