import { IMPERSONATION_RETURN_KEY } from '../../lib/storage-keys';

/** Where the admin lands back when the page they left is not known. */
export const ADMIN_HOME = '/app/management/customers';

/** Remember the page the admin is on (path and query) as they start acting as someone. */
export function rememberReturnPath(path: string) {
  try {
    sessionStorage.setItem(IMPERSONATION_RETURN_KEY, path);
  } catch {
    // Storage refused (private mode, quota): the way back lands on the admin's home.
  }
}

/**
 * The page to return to once the admin has their own session again, forgotten as it is read: a
 * page of the signed-in area, never another site; the admin's home when none was kept.
 */
export function takeReturnPath(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(IMPERSONATION_RETURN_KEY);
    sessionStorage.removeItem(IMPERSONATION_RETURN_KEY);
  } catch {
    // As above.
  }
  return path && /^\/app(\/|$)/.test(path) ? path : ADMIN_HOME;
}
