import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StationInput } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import type { StationSaved } from './create-station';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/station/:id: saves every field and the tanks (kept by id); deviceKey is null. */
export function updateStation({ id, body }: { id: number; body: StationInput }): Promise<StationSaved> {
  return apiData<StationSaved>(`/api/station/${id}`, { method: 'PUT', body });
}

export function useUpdateStation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateStation, onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_MORE_KEY }) });
}
