import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyInput, CompanyRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** POST /api/company: creates one, answers the new row (91011 rules, 80003 role). */
export function createCompany(body: CompanyInput): Promise<CompanyRow> {
  return apiData<CompanyRow>('/api/company', { method: 'POST', body });
}

export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_ORG_KEY }) });
}
