import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { CompanyInput } from '@ullage/contracts/settings-org';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** PUT /api/company/:id: saves every field (91011 rules, 80003 role, 80001 not found). */
export async function updateCompany({ id, body }: { id: number; body: CompanyInput }): Promise<void> {
  await apiCall(`/api/company/${id}`, { method: 'PUT', body });
}

export function useUpdateCompany() {
  return useInvalidatingMutation(updateCompany, SETTINGS_ORG_KEY);
}
