import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** POST /api/account/avatar: upload a new picture (multipart field "file"). */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ user: User; message: string }>('/api/account/avatar', { method: 'POST', form });
}

/** Mutation for the picture card; the session user (and so the top bar avatar) gets the new picture. */
export function useUploadAvatar() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: ({ user }) => setUser(user) });
}
