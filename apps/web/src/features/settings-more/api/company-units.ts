import { useQuery } from '@tanstack/react-query';
import type { CompanyRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import { moreKeys } from './keys';

export type CompanyUnits = Pick<CompanyRow, 'tempUnit' | 'volumeUnit'>;

/** GET /api/company/:id, for the units its people read volumes and temperatures in (spec §9). */
export function getCompanyUnits(id: number, signal?: AbortSignal): Promise<CompanyUnits> {
  return apiData<CompanyRow>(`/api/company/${id}`, { overlay: false, notify: false, ...(signal ? { signal } : {}) }).then(({ tempUnit, volumeUnit }) => ({ tempUnit, volumeUnit }));
}

export function useCompanyUnits(companyId: number) {
  return useQuery({ queryKey: moreKeys.companyUnits(companyId), queryFn: ({ signal }) => getCompanyUnits(companyId, signal), staleTime: 60_000 });
}
