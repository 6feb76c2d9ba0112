import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { DeliveryTicketInput } from '@ullage/contracts/reconciliation';
import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';

/** The delivery lists and the reconciliation (its ticketed deliveries and book) both change with a ticket. */
const TICKET_INVALIDATES = ['report-delivery'] as const;

/** PUT /api/delivery/:id/ticket: sets (or replaces) a delivery's ticket; answers the updated row. */
export function saveDeliveryTicket({ id, body }: { id: number; body: DeliveryTicketInput }): Promise<DeliveryRow> {
  return apiData<DeliveryRow>(`/api/delivery/${id}/ticket`, { method: 'PUT', body });
}

/** DELETE /api/delivery/:id/ticket: removes it. */
export function removeDeliveryTicket(id: number): Promise<DeliveryRow> {
  return apiData<DeliveryRow>(`/api/delivery/${id}/ticket`, { method: 'DELETE' });
}

export function useSaveDeliveryTicket() {
  return useInvalidatingMutation(saveDeliveryTicket, TICKET_INVALIDATES);
}

export function useRemoveDeliveryTicket() {
  return useInvalidatingMutation(removeDeliveryTicket, TICKET_INVALIDATES);
}
