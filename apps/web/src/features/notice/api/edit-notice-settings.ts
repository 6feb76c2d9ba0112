import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeEdit } from '@ullage/contracts/notice';
import { apiData } from '../../../lib/api-client';
import { NOTICE_KEY } from './keys';

/** POST /api/userNoticeCfg/edit: saves the user's own settings (91011 rules), answers true. */
export function editNoticeSettings(body: NoticeEdit): Promise<boolean> {
  return apiData<boolean>('/api/userNoticeCfg/edit', { method: 'POST', body });
}

export function useEditNoticeSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editNoticeSettings, onSuccess: () => client.invalidateQueries({ queryKey: NOTICE_KEY }) });
}
