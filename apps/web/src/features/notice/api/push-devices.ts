import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushSubscribe } from '@ullage/contracts/push';
import { apiData } from '../../../lib/api-client';
import { NOTICE_KEY } from './keys';

/** Web Push (issue 38): the server's key and the signed-in user's notified devices. */
const PUSH_DEVICES_KEY = [...NOTICE_KEY, 'push-devices'] as const;

/** GET /api/push/key: the VAPID public key a browser subscribes with. */
export function fetchPushKey(): Promise<{ publicKey: string }> {
  return apiData<{ publicKey: string }>('/api/push/key');
}

export function usePushDevices(enabled: boolean) {
  return useQuery({
    queryKey: PUSH_DEVICES_KEY,
    queryFn: ({ signal }) => apiData<PushDevice[]>('/api/push/devices', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/push/subscribe: this browser's subscription, as `subscription.toJSON()` gives it. */
export function savePushSubscription(body: PushSubscribe): Promise<{ id: number }> {
  return apiData<{ id: number }>('/api/push/subscribe', { method: 'POST', body });
}

/** POST /api/push/unsubscribe: the endpoint this browser gave up. */
export function forgetPushEndpoint(endpoint: string): Promise<true> {
  return apiData<true>('/api/push/unsubscribe', { method: 'POST', body: { endpoint }, notify: false });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData<true>(`/api/push/devices/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}

export function useRefreshPushDevices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PUSH_DEVICES_KEY });
}
