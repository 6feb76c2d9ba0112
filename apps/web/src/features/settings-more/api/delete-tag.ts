import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** DELETE /api/tag/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteTag(id: number): Promise<void> {
  await apiCall(`/api/tag/${id}`, { method: 'DELETE' });
}

export function useDeleteTag() {
  return useInvalidatingMutation(deleteTag, SETTINGS_MORE_KEY);
}
