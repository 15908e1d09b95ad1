import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/establishments.contracts';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';

/** listEstablishmentGallery (public). */
export function useGallery(id: string | undefined) {
  return useQuery({
    queryKey: establishmentKeys.gallery(id ?? ''),
    queryFn: ({ signal }) =>
      callApi(contracts.listEstablishmentGallery, { params: { id: id ?? '' } }, { signal }).then(
        (r) => r.items,
      ),
    enabled: Boolean(id),
  });
}

/** addEstablishmentGalleryImage: the caption goes before the file, as the server reads them in order. */
export function useAddGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, caption }: { file: File; caption: string }) => {
      const form = new FormData();
      form.append('caption', caption);
      form.append('file', file);
      return callApi(contracts.addEstablishmentGalleryImage, { params: { id } }, { form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}

/** captionEstablishmentGalleryImage: change a caption. */
export function useCaptionGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, caption }: { imageId: string; caption: string }) =>
      callApi(contracts.captionEstablishmentGalleryImage, { params: { id, imageId }, body: { caption } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}

/** deleteEstablishmentGalleryImage. */
export function useDeleteGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      callApi(contracts.deleteEstablishmentGalleryImage, { params: { id, imageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}
