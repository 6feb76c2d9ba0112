import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** DELETE /api/company/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteCompany(id: number): Promise<void> {
  await apiCall(`/api/company/${id}`, { method: 'DELETE' });
}

export function useDeleteCompany() {
  return useInvalidatingMutation(deleteCompany, SETTINGS_ORG_KEY);
}
