/** Everything of the shift pages under one key: saving shifts refreshes the figures. */
export const SHIFTS_KEY = ['report-shifts'] as const;

export const shiftKeys = {
  list: [...SHIFTS_KEY, 'list'] as const,
  stationShifts: (stationId: number) => [...SHIFTS_KEY, 'station', stationId] as const,
  detail: [...SHIFTS_KEY, 'detail'] as const,
  readings: [...SHIFTS_KEY, 'readings'] as const,
};
