import { useQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import { callApi } from '../../../lib/call-api';

/** What admins did in or to the signed-in user's account (contract listMyAdminActivity). */
export function useMyAdminActivity() {
  return useQuery({
    queryKey: ['account', 'admin-activity'],
    queryFn: () => callApi(contracts.listMyAdminActivity, {}),
  });
}
