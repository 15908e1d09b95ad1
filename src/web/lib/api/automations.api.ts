import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../shared/contracts/automations.contracts';
import type { AutomationBody, AutomationKind } from '../../../shared/schemas/automation.schema';
import { callApi } from '../call-api';

/** TanStack Query keys of an establishment's automations. */
export const automationKeys = {
  all: ['automations'] as const,
  list: (establishmentId: string) => ['automations', establishmentId] as const,
};

/** listAutomations: each automation's settings, today's reach and last 8 weeks, with the daily run's hour. */
export function useAutomations(establishmentId: string) {
  return useQuery({
    queryKey: automationKeys.list(establishmentId),
    queryFn: ({ signal }) =>
      callApi(contracts.listAutomations, { params: { id: establishmentId } }, { signal }),
  });
}

/** saveAutomation: turn one on or off, set its text, translations and days; the list is read anew. */
export function useSaveAutomation(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AutomationKind; body: AutomationBody }) =>
      callApi(contracts.saveAutomation, { params: { id: establishmentId, kind }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.list(establishmentId) }),
  });
}
