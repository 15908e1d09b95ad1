import { readFileSync } from 'node:fs';

/**
 * The web app's manifest (src/web/public, which Vite copies as it is), read once: the one the
 * static files serve, so the Home Screen app installed through a hand-off is the same app.
 */
const manifest = JSON.parse(
  readFileSync(new URL('../../../web/public/manifest.webmanifest', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The manifest whose start_url signs the installed app in with a hand-off code. */
export function manifestWithHandoff(code: string): string {
  return JSON.stringify({ ...manifest, start_url: `/redirect?handoff=${encodeURIComponent(code)}` });
}

/**
 * The manifest whose start_url is a business's public page: the app installed from that page by
 * someone not signed in opens there, where following is one tap again.
 */
export function manifestForBusiness(publicId: string): string {
  return JSON.stringify({
    ...manifest,
    start_url: `/${encodeURIComponent(publicId.toLowerCase())}?src=direct`,
  });
}
