import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import type { TagInput, TagRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { SETTINGS_MORE_KEY } from './keys';

/** POST /api/tag: creates one, answers the new row (91011 rules, 80006 exists, 80003 role). */
export function createTag(body: TagInput): Promise<TagRow> {
  return apiData<TagRow>('/api/tag', { method: 'POST', body });
}

export function useCreateTag() {
  return useInvalidatingMutation(createTag, SETTINGS_MORE_KEY);
}
