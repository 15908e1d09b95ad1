import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../shared/contracts/preferences.contracts';
import { ErrorCode } from '../../../shared/error-codes';
import { Msg } from '../../../shared/messages';
import type {
  Preference,
  PreferenceBody,
  PreferenceGroup,
  PreferenceGroupBody,
} from '../../../shared/schemas/preference.schema';
import { ApiError } from '../api-client';
import { callApi } from '../call-api';

/** TanStack Query keys of preferences and their groups, so a change refreshes every list that shows it. */
export const preferenceKeys = {
  all: ['preferences'] as const,
  list: ['preferences', 'list'] as const,
  groups: ['preferences', 'groups'] as const,
  mine: ['preferences', 'mine'] as const,
};

const preferencesQuery = {
  queryKey: preferenceKeys.list,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(contracts.listPreferences, {}, { signal }).then((r) => r.items),
};

const groupsQuery = {
  queryKey: preferenceKeys.groups,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(contracts.listPreferenceGroups, {}, { signal }).then((r) => r.items),
};

/** listPreferences: every preference with its group and how many users picked it. */
export function usePreferences() {
  return useQuery(preferencesQuery);
}

/** listPreferenceGroups: every group with how many preferences it holds. */
export function usePreferenceGroups() {
  return useQuery(groupsQuery);
}

/** One item of a list by id; a missing one is the API's 404, so pages show it as any unknown record. */
const pick =
  <T extends { id: string }>(id: string) =>
  (items: T[]): T => {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw new ApiError(404, ErrorCode.NOT_FOUND, Msg.notFound);
    return item;
  };

/** One preference, read from the list (the API has no single-preference read: the list is small). */
export function usePreference(id: string) {
  return useQuery({ ...preferencesQuery, select: pick<Preference>(id) });
}

/** One preference group, read from the list of groups. */
export function usePreferenceGroup(id: string) {
  return useQuery({ ...groupsQuery, select: pick<PreferenceGroup>(id) });
}

/** Refresh everything the feature shows: a preference's change moves its group's count, and back. */
function useInvalidatePreferences() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: preferenceKeys.all });
}

/** createPreference (admin): "Preference created!". */
export function useCreatePreference() {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: (body: PreferenceBody) => callApi(contracts.createPreference, { body }),
    onSuccess: invalidate,
  });
}

/** updatePreference (admin): "Preference updated". */
export function useUpdatePreference(id: string) {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: (body: PreferenceBody) => callApi(contracts.updatePreference, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** deletePreference (admin): the users' picks of it go with it. */
export function useDeletePreference(id: string) {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: () => callApi(contracts.deletePreference, { params: { id } }),
    // Not awaited: the page leaves before the list comes back without the deleted record.
    onSuccess: () => void invalidate(),
  });
}

/** createPreferenceGroup (admin). */
export function useCreatePreferenceGroup() {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: (body: PreferenceGroupBody) => callApi(contracts.createPreferenceGroup, { body }),
    onSuccess: invalidate,
  });
}

/** updatePreferenceGroup (admin): "Preference Group updated". */
export function useUpdatePreferenceGroup(id: string) {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: (body: PreferenceGroupBody) =>
      callApi(contracts.updatePreferenceGroup, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** deletePreferenceGroup (admin): a group that still holds preferences answers 409. */
export function useDeletePreferenceGroup(id: string) {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: () => callApi(contracts.deletePreferenceGroup, { params: { id } }),
    // Not awaited: the page leaves before the list comes back without the deleted record.
    onSuccess: () => void invalidate(),
  });
}

/** getMyPreferences: the ids the signed-in user picked. */
export function useMyPreferences() {
  return useQuery({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => callApi(contracts.getMyPreferences, {}, { signal }).then((r) => r.preferenceIds),
  });
}

/** setMyPreferences: replace the signed-in user's picks; the admin's counts change with them. */
export function useSetMyPreferences() {
  const invalidate = useInvalidatePreferences();
  return useMutation({
    mutationFn: (preferenceIds: string[]) => callApi(contracts.setMyPreferences, { body: { preferenceIds } }),
    onSuccess: invalidate,
  });
}
