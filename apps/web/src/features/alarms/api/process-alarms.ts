import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessAlarmsInput } from '@ullage/contracts/alarms';
import { apiData } from '../../../lib/api-client';
import { ALARMS_KEY } from '../../../lib/alarm-keys';

/** POST /api/alarm/process: marks the alarms processed with the note, all or none. */
export function useProcessAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessAlarmsInput) => apiData<{ processed: number }>('/api/alarm/process', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALARMS_KEY }),
  });
}
