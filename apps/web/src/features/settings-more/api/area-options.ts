import { useQuery } from '@tanstack/react-query';
import { listAreas } from '../../../lib/list-areas';
import { moreKeys } from './keys';

/** GET /api/area/list?companyId=…&pageSize=200: the areas of one company, for the station form. */
export function useCompanyAreas(companyId: number | null | undefined) {
  return useQuery({
    queryKey: moreKeys.areaOptions(companyId ?? 0),
    queryFn: ({ signal }) => listAreas({ page: 1, pageSize: 200, companyId: companyId ?? 0 }, signal),
    enabled: typeof companyId === 'number' && companyId > 0,
    staleTime: 30_000,
  });
}
