import { useQuery } from '@tanstack/react-query';
import type { NoticeRow } from '@ullage/contracts/notice';
import { apiData } from '../../../lib/api-client';
import { noticeKeys } from './keys';

/** GET /api/userNoticeCfg/list?userId=…: one row per alarm code of both types, with the mail frequency. */
export function listNoticeSettings(userId: number, signal?: AbortSignal): Promise<NoticeRow[]> {
  return apiData<NoticeRow[]>('/api/userNoticeCfg/list', { query: { userId }, signal });
}

export function useNoticeSettings(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.settings(userId ?? 0),
    queryFn: ({ signal }) => listNoticeSettings(userId ?? 0, signal),
    enabled: enabled && typeof userId === 'number' && userId > 0,
    staleTime: 0,
  });
}
