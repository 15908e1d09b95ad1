import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GalleryImage } from '../../../../shared/schemas/establishment.schema';
import { api } from '../../../lib/api-client';
import { establishmentKeys } from './establishment-keys';

/** GET /api/establishments/{id}/gallery (public). */
export function useGallery(id: string | undefined) {
  return useQuery({
    queryKey: establishmentKeys.gallery(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ items: GalleryImage[] }>(`/api/establishments/${id}/gallery`, { signal }).then((r) => r.items),
    enabled: Boolean(id),
  });
}

/** POST /api/establishments/{id}/gallery: the caption goes before the file, as the server reads them in order. */
export function useAddGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, caption }: { file: File; caption: string }) => {
      const form = new FormData();
      form.append('caption', caption);
      form.append('file', file);
      return api<GalleryImage>(`/api/establishments/${id}/gallery`, { method: 'POST', form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}

/** PATCH /api/establishments/{id}/gallery/{imageId}: change a caption. */
export function useCaptionGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, caption }: { imageId: string; caption: string }) =>
      api<GalleryImage>(`/api/establishments/${id}/gallery/${imageId}`, {
        method: 'PATCH',
        body: { caption },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}

/** DELETE /api/establishments/{id}/gallery/{imageId}. */
export function useDeleteGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      api<{ message: string }>(`/api/establishments/${id}/gallery/${imageId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.gallery(id) }),
  });
}
