import { useQuery } from '@tanstack/react-query';
import { listCompanies } from '../../../lib/list-companies';
import { moreKeys } from './keys';

/** GET /api/company/list?status=enabled&pageSize=200: the companies a station can be given (a disabled one gets no new stations). */
export function useEnabledCompanies(enabled: boolean) {
  return useQuery({
    queryKey: moreKeys.companyOptions,
    queryFn: ({ signal }) => listCompanies({ page: 1, pageSize: 200, status: 'enabled', sortField: 'name', sortOrder: 'ascend' }, signal),
    enabled,
    staleTime: 30_000,
  });
}
