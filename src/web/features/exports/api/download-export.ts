import * as contracts from '../../../../shared/contracts/exports.contracts';
import type { ErrorBody } from '../../../../shared/errors';
import type { ExportFormat, ExportKind } from '../../../../shared/schemas/export.schema';
import { ApiError, getToken } from '../../../lib/api-client';
import { contractUrl } from '../../../lib/call-api';
import { fileNameOf } from './file-name';

const CONTRACTS = {
  users: contracts.exportUsers,
  establishments: contracts.exportEstablishments,
  followers: contracts.exportFollowers,
  user: contracts.exportUserData,
  account: contracts.exportMyData,
} as const;

/** What an export is about: `id` names the user of a `user` export; `query` carries filters. */
export interface ExportRequest {
  kind: ExportKind;
  params?: { id: string };
  query?: Record<string, string | boolean | undefined>;
}

/** Hand a blob to the browser as a file download. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Download an export with the bearer token. A plain link cannot carry the token (it lives in local
 * storage, not a cookie), so the file is fetched and handed to the browser as a blob: the server
 * streams it, the browser holds one copy until it is saved (100,000 users are about 14 MB of CSV).
 * Errors are ApiError, as with `api`; a 401 is the caller's to act on (the session has ended).
 */
export async function downloadExport(request: ExportRequest, format: ExportFormat): Promise<void> {
  const contract = CONTRACTS[request.kind];
  const url = contractUrl(contract, request.params, { ...request.query, format });
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(
      response.status,
      body?.code ?? 'INTERNAL',
      body?.error ?? 'Something went wrong on our side. Please try again.',
      body?.fields ?? {},
    );
  }
  saveBlob(
    await response.blob(),
    fileNameOf(response.headers.get('content-disposition'), request.kind, format),
  );
}
