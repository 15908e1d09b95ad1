import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/notifications.contracts';
import type { DeviceList } from '../../../../shared/schemas/notification.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of the signed-in user's devices that get push. */
export const devicesKey = ['account', 'devices'] as const;

/** listMyDevices: the signed-in user's devices that get push, and which of them stopped receiving. */
export function useMyDevices(enabled = true) {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => callApi(contracts.listMyDevices, {}, { signal }),
    enabled,
    // Notifications turned on in another tab or on this phone meanwhile show on coming back.
    refetchOnWindowFocus: true,
  });
}

/** removeMyDevice: stop pushing to one device; it leaves the list at once. */
export function useRemoveMyDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contracts.removeMyDevice, { params: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<DeviceList>(devicesKey, (list) =>
        list ? { items: list.items.filter((device) => device.id !== id) } : list,
      ),
    // Gone already (404) or changed meanwhile: the list is asked again, so it tells the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
