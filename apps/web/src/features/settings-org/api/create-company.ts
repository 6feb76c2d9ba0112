import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { CompanyInput, CompanyRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** POST /api/company: creates one, answers the new row (91011 rules, 80003 role). */
export function createCompany(body: CompanyInput): Promise<CompanyRow> {
  return apiData<CompanyRow>('/api/company', { method: 'POST', body });
}

export function useCreateCompany() {
  return useInvalidatingMutation(createCompany, SETTINGS_ORG_KEY);
}
