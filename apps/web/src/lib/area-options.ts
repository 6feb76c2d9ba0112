import { useQuery } from '@tanstack/react-query';
import { listAreas } from './list-areas';
import { SETTINGS_MORE_KEY } from './settings-more-key';

/** GET /api/area/list?companyId=…&pageSize=200: the areas of one company, for the station form. */
export function useCompanyAreas(companyId: number | null | undefined) {
  return useQuery({
    queryKey: [...SETTINGS_MORE_KEY, 'area', 'options', companyId ?? 0],
    queryFn: ({ signal }) => listAreas({ page: 1, pageSize: 200, companyId: companyId ?? 0 }, signal),
    enabled: typeof companyId === 'number' && companyId > 0,
    staleTime: 30_000,
  });
}
