import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** POST /api/station/:id/device-key: a new device key, answered once; the old one stops working. */
export function rotateDeviceKey(id: number): Promise<{ deviceKey: string }> {
  return apiData<{ deviceKey: string }>(`/api/station/${id}/device-key`, { method: 'POST' });
}

export function useRotateDeviceKey() {
  return useInvalidatingMutation(rotateDeviceKey, SETTINGS_MORE_KEY);
}
