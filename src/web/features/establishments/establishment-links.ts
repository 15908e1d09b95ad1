import { getEstablishmentQr } from '../../../shared/contracts/establishments.contracts';
import { contractUrl } from '../../lib/call-api';

/** The QR code of the public page, as the server draws it. */
export function qrUrl(
  id: string,
  format: 'svg' | 'png',
  options: { size?: number; download?: boolean } = {},
) {
  return contractUrl(
    getEstablishmentQr,
    { id },
    {
      format,
      size: options.size ? String(options.size) : undefined,
      download: options.download ? '1' : undefined,
    },
  );
}

/** Absolute public page and registration links, on the same origin the QR code encodes. */
export function publicLinks(publicUrl: string | undefined, publicId: string) {
  const base = (publicUrl || window.location.origin).replace(/\/+$/, '');
  const page = `${base}/${publicId}`;
  return { page, register: `${page}/register` };
}
