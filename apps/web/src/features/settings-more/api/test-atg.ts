import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AtgTestResult } from '@ullage/contracts/atg';
import { apiData } from '../../../lib/api-client';
import { moreKeys } from './keys';

/**
 * POST /api/station/:id/atg/test: the server queries the console once, now, with the saved
 * address and security code, and says what it answered (a console that does not answer is
 * `ok: false` with the reason, not a failed call).
 */
export function testAtg(id: number): Promise<AtgTestResult> {
  return apiData<AtgTestResult>(`/api/station/${id}/atg/test`, { method: 'POST', overlay: false, notify: false });
}

export function useTestAtg() {
  const client = useQueryClient();
  return useMutation({ mutationFn: testAtg, onSettled: (_data, _error, id) => client.invalidateQueries({ queryKey: moreKeys.atgStatus(id) }) });
}
