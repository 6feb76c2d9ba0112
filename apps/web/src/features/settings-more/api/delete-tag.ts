import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** DELETE /api/tag/:id: code 100; 80007 when others depend on it, 80003 role, 80001 not found. */
export async function deleteTag(id: number): Promise<void> {
  await apiCall(`/api/tag/${id}`, { method: 'DELETE' });
}

export function useDeleteTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_MORE_KEY }) });
}
