import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { WebhookEndpointInput, WebhookEndpointRow } from '@ullage/contracts/webhooks';
import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';

export const webhookKeys = { all: ['settings-webhooks'] as const };

/** GET /api/webhooks/list: the endpoints the viewer manages (never their secrets). */
export function listEndpoints(signal?: AbortSignal): Promise<ListResult<WebhookEndpointRow>> {
  return apiData<ListResult<WebhookEndpointRow>>('/api/webhooks/list', { query: { pageSize: 200 }, overlay: false, ...(signal ? { signal } : {}) });
}

export function useEndpoints() {
  return useQuery({ queryKey: [...webhookKeys.all, 'endpoints'], queryFn: ({ signal }) => listEndpoints(signal) });
}

type WithSecret = WebhookEndpointRow & { secret: string };

/** POST /api/webhooks, or PUT /api/webhooks/:id with an id: the new endpoint answers its secret, once. */
export function saveEndpoint({ id, input }: { id: number | null; input: WebhookEndpointInput }): Promise<WebhookEndpointRow | WithSecret> {
  return id === null
    ? apiData<WithSecret>('/api/webhooks', { method: 'POST', body: input })
    : apiData<WebhookEndpointRow>(`/api/webhooks/${id}`, { method: 'PUT', body: input });
}

export function useSaveEndpoint() {
  return useInvalidatingMutation(saveEndpoint, webhookKeys.all);
}

export function useDeleteEndpoint() {
  return useInvalidatingMutation((id: number) => apiData(`/api/webhooks/${id}`, { method: 'DELETE' }), webhookKeys.all);
}

/** POST /api/webhooks/:id/rotate-secret: the new secret, answered this once. */
export function useRotateSecret() {
  return useInvalidatingMutation((id: number) => apiData<WithSecret>(`/api/webhooks/${id}/rotate-secret`, { method: 'POST' }), webhookKeys.all);
}

/** POST /api/webhooks/:id/test: a test.ping queued for the endpoint. */
export function useSendTest() {
  return useInvalidatingMutation((id: number) => apiData<{ deliveryId: number }>(`/api/webhooks/${id}/test`, { method: 'POST' }), webhookKeys.all);
}
