import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/notify.contracts';
import type { FollowList, NotifyBody } from '../../../../shared/schemas/notify.schema';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** The query key of the businesses the signed-in user follows, with how each reaches them. */
export const followsKey = ['account', 'follows'] as const;

/** listMyFollows: the businesses the signed-in user follows, their choice for each, and what email can do. */
export function useMyFollows(enabled = true) {
  return useQuery({
    queryKey: followsKey,
    queryFn: ({ signal }) => callApi(contracts.listMyFollows, {}, { signal }),
    enabled,
    // A follow, an email's unsubscribe link or another tab may change it meanwhile: asked again on each visit.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** setNotifyChoice: how one business's sends reach the user, and its pause; the list takes the answer at once. */
export function useSetNotifyChoice() {
  const queryClient = useQueryClient();
  const { user, setUser } = useSession();
  return useMutation({
    mutationFn: ({ establishmentId, body }: { establishmentId: string; body: NotifyBody }) =>
      callApi(contracts.setNotifyChoice, { params: { id: establishmentId }, body }),
    onSuccess: ({ follow }, { body }) => {
      const consented = body.marketingConsent === true;
      queryClient.setQueryData<FollowList>(followsKey, (list) =>
        list
          ? {
              ...list,
              marketingConsent: list.marketingConsent || consented,
              items: list.items.map((item) =>
                item.establishment.id === follow.establishment.id ? follow : item,
              ),
            }
          : list,
      );
      // The consent given with the choice is the account's: its overview and profile say so too.
      if (consented && user && !user.marketingConsent) setUser({ ...user, marketingConsent: true });
    },
    // Not followed any more (404) or changed meanwhile: the list is asked again, so it tells the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: followsKey }),
  });
}
