import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { TagInput } from '@ullage/contracts/settings-more';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/tag/:id: saves every field (91011 rules, 80006 exists, 80003 role, 80001 not found). */
export async function updateTag({ id, body }: { id: number; body: TagInput }): Promise<void> {
  await apiCall(`/api/tag/${id}`, { method: 'PUT', body });
}

export function useUpdateTag() {
  return useInvalidatingMutation(updateTag, SETTINGS_MORE_KEY);
}
