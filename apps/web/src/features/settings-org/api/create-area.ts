import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { AreaInput, AreaRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_ORG_KEY } from './keys';

/** POST /api/area: creates one, answers the new row (91011 rules, 80003 role). */
export function createArea(body: AreaInput): Promise<AreaRow> {
  return apiData<AreaRow>('/api/area', { method: 'POST', body });
}

export function useCreateArea() {
  return useInvalidatingMutation(createArea, SETTINGS_ORG_KEY);
}
