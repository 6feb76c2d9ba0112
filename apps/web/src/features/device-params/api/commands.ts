import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockInput, CommandRow, FirmwareIssueInput, StrappingInput, ThresholdsInput, TiltInput } from '@ullage/contracts/device-commands';
import type { ListResult } from '@ullage/contracts/list';
import type { CommandKind } from '@ullage/domain/device-commands';
import { apiCall, apiData } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/feedback';
import { DEVICE_PARAMS_KEY, deviceParamKeys } from './keys';

export interface CommandFilter {
  stationId?: number | undefined;
  tankId?: number | undefined;
  kind?: CommandKind | undefined;
  firmwareId?: number | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/device-commands: the history, newest first; polled every 2 s while one is still issuing. */
export function useCommands(filter: CommandFilter, enabled = true) {
  return useQuery({
    queryKey: deviceParamKeys.commands(filter),
    queryFn: ({ signal }) => apiData<ListResult<CommandRow>>('/api/device-commands', { query: { ...filter }, overlay: false, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.list.some((c) => c.state === 'issuing') ? 2000 : 15_000),
  });
}

type IssueKind = 'thresholds' | 'strapping' | 'tilt' | 'clock';
type IssueInput = { thresholds: ThresholdsInput; strapping: StrappingInput; tilt: TiltInput; clock: ClockInput };

/** POST /api/device-commands/<kind>: issues a command; the device's answer comes later (history). */
export function useIssueCommand<K extends IssueKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IssueInput[K]) => {
      const envelope = await apiCall<CommandRow>(`/api/device-commands/${kind}`, { method: 'POST', body: input });
      toastSuccess(envelope.msg);
      return envelope.data as CommandRow;
    },
    onSettled: () => client.invalidateQueries({ queryKey: DEVICE_PARAMS_KEY }),
  });
}

/** POST /api/device-commands/firmware: one upgrade per station, all or none. */
export function useIssueFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FirmwareIssueInput) => apiData<CommandRow[]>('/api/device-commands/firmware', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICE_PARAMS_KEY }),
  });
}

/** POST /api/device-commands/:id/cancel */
export function useCancelCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData<CommandRow>(`/api/device-commands/${id}/cancel`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICE_PARAMS_KEY }),
  });
}
