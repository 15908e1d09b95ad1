import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** Upload a new picture (contract uploadAvatar; multipart field "file"). */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return callApi(contracts.uploadAvatar, {}, { form });
}

/** Mutation for the picture card; the session user (and so the top bar avatar) gets the new picture. */
export function useUploadAvatar() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: ({ user }) => setUser(user) });
}
