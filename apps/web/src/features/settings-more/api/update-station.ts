import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { StationInput } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import type { StationSaved } from './create-station';
import { SETTINGS_MORE_KEY } from './keys';

/** PUT /api/station/:id: saves every field and the tanks (kept by id); deviceKey is null. */
export function updateStation({ id, body }: { id: number; body: StationInput }): Promise<StationSaved> {
  return apiData<StationSaved>(`/api/station/${id}`, { method: 'PUT', body });
}

export function useUpdateStation() {
  return useInvalidatingMutation(updateStation, SETTINGS_MORE_KEY);
}
