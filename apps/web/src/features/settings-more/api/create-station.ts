import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { StationDetail, StationInput } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

export interface StationSaved {
  station: StationDetail;
  /** Answered once, on create; never readable again. */
  deviceKey: string | null;
}

/** POST /api/station: creates one with its tanks; answers the station and its device key (91011, 80006 code, 80003). */
export function createStation(body: StationInput): Promise<StationSaved> {
  return apiData<StationSaved>('/api/station', { method: 'POST', body });
}

export function useCreateStation() {
  return useInvalidatingMutation(createStation, SETTINGS_MORE_KEY);
}
