import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** PUT /api/company/:id/status: enables or disables a company (a disabled one gets no new stations). */
export async function setCompanyStatus({ id, disabled }: { id: number; disabled: boolean }): Promise<void> {
  await apiCall(`/api/company/${id}/status`, { method: 'PUT', body: { disabled } });
}

export function useSetCompanyStatus() {
  return useInvalidatingMutation(setCompanyStatus, SETTINGS_ORG_KEY);
}
