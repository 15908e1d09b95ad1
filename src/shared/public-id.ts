/**
 * First path segments the app itself uses: a public establishment id (the page /{publicId}) may
 * never be one of them, so a business can never shadow a route of the app.
 */
export const RESERVED_PATH_SEGMENTS = new Set([
  '404',
  'api',
  'app',
  'assets',
  'blank',
  'forgotpassword',
  'gdpr',
  'home',
  'icons',
  'image',
  'install',
  'login',
  'manifest.webmanifest',
  'newpassword',
  'noestablishments',
  'notifications',
  'redirect',
  'register',
  'robots.txt',
  'sw.js',
  'unsubscribe',
  'verify',
  'waiting',
  'favicon.ico',
  'static',
  'admin',
  'docs',
  'help',
  'support',
]);

/** A public id: lower-case letters, digits and dashes, 3 to 64 long, not reserved. */
export const isValidPublicId = (value: string) =>
  /^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/.test(value) && !RESERVED_PATH_SEGMENTS.has(value);
