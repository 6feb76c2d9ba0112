import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** POST /api/station/:id/device-key: a new device key, answered once; the old one stops working. */
export function rotateDeviceKey(id: number): Promise<{ deviceKey: string }> {
  return apiData<{ deviceKey: string }>(`/api/station/${id}/device-key`, { method: 'POST' });
}

export function useRotateDeviceKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: rotateDeviceKey, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_MORE_KEY }) });
}
