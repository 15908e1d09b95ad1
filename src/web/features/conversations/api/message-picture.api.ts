import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as contracts from '../../../../shared/contracts/conversations.contracts';
import type { ErrorBody } from '../../../../shared/errors';
import { ApiError, getToken } from '../../../lib/api-client';
import { callApi, contractUrl } from '../../../lib/call-api';

/** POST /api/conversations/{id}/pictures: the chosen picture, stored to attach to the next message. */
export function useUploadPicture(conversationId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callApi(contracts.uploadMessagePicture, { params: { id: conversationId } }, { form });
    },
  });
}

/**
 * A message's picture, fetched with the bearer token: an <img> cannot carry it (the token lives in
 * local storage, not a cookie), so the JPEG comes as a blob. Kept for the session: a name is never reused.
 */
export function useMessagePicture(
  conversationId: string,
  picture: string,
  size: 'thumb' | 'full',
  enabled = true,
) {
  return useQuery({
    // Not under the 'conversations' key: a new message refreshes the lists, not every picture.
    queryKey: ['message-picture', conversationId, picture, size],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const url = contractUrl(contracts.getMessagePicture, { id: conversationId, picture }, { size });
      const token = getToken();
      const response = await fetch(url, {
        signal,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
        throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.error ?? '', body?.fields ?? {});
      }
      return response.blob();
    },
  });
}

/** An object URL of a blob (or a chosen file) while it is shown, released after. */
export function useObjectUrl(blob: Blob | undefined | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
