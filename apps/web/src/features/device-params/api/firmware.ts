import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmwareRow, FirmwareUploadQuery } from '@ullage/contracts/device-commands';
import type { ListResult } from '@ullage/contracts/list';
import { apiData } from '../../../lib/api-client';
import { DEVICE_PARAMS_KEY, deviceParamKeys } from './keys';
import { uploadFile } from './upload-file';

/** GET /api/device-firmware: the upgrade files the caller may use, newest first. */
export function useFirmwareList(enabled: boolean) {
  return useQuery({
    queryKey: deviceParamKeys.firmware,
    queryFn: ({ signal }) => apiData<ListResult<FirmwareRow>>('/api/device-firmware', { query: { pageSize: 200 }, overlay: false, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.list.some((f) => f.issuing > 0) ? 3000 : false),
  });
}

/** POST /api/device-firmware: the file as the body, the rest in the query. */
export function useUploadFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, meta }: { file: File; meta: FirmwareUploadQuery }) => uploadFile<FirmwareRow>('/api/device-firmware', { ...meta }, file, { notify: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: DEVICE_PARAMS_KEY }),
  });
}

/** DELETE /api/device-firmware/:id (a file no upgrade has used). */
export function useDeleteFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`/api/device-firmware/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICE_PARAMS_KEY }),
  });
}
