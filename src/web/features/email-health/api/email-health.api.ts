import { useQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import { callApi } from '../../../lib/call-api';

/** getEmailHealth: the SPF, DKIM and DMARC records for MAIL_FROM's domain, looked up in DNS by the server. */
export function useEmailHealth() {
  return useQuery({
    queryKey: ['management', 'email-health'] as const,
    queryFn: ({ signal }) => callApi(contracts.getEmailHealth, {}, { signal }),
    // Each visit and "Check again" asks DNS anew.
    staleTime: 0,
  });
}
