import { useQuery } from '@tanstack/react-query';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { callApi } from '../call-api';
import { establishmentKeys } from './establishment-keys';

export interface EstablishmentFigures {
  /** Every establishment the caller may see (a representative: the ones they registered). */
  registered: number;
  active: number;
  inactive: number;
  blocked: number;
  /** Clients operating those establishments, summed over all of them. */
  clients: number;
}

const PAGE = 100;
// A safety stop: 100 pages of 100 is far beyond what one representative registers.
const MAX_PAGES = 100;

/** Counts by state come from each filter's `total`; the client count needs every establishment, a page at a time. */
async function fetchFigures(signal: AbortSignal): Promise<EstablishmentFigures> {
  const count = (status: 'active' | 'inactive' | 'blocked') =>
    callApi(contracts.listEstablishments, { query: { status, pageSize: 1 } }, { signal }).then(
      (r) => r.total,
    );
  const sumClients = async () => {
    let clients = 0;
    let total = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const list = await callApi(
        contracts.listEstablishments,
        { query: { page, pageSize: PAGE } },
        { signal },
      );
      total = list.total;
      for (const item of list.items) if (item.audience === 'operator') clients += item.clientCount;
      if (list.items.length < PAGE || page * PAGE >= list.total) break;
    }
    return { clients, total };
  };
  const [active, inactive, blocked, all] = await Promise.all([
    count('active'),
    count('inactive'),
    count('blocked'),
    sumClients(),
  ]);
  return { registered: all.total, active, inactive, blocked, clients: all.clients };
}

/** The representative panel's figures, derived from listEstablishments. */
export function useEstablishmentFigures() {
  return useQuery({
    queryKey: [...establishmentKeys.all, 'figures'],
    queryFn: ({ signal }) => fetchFigures(signal),
  });
}
