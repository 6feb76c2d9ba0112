import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** The path of a station's monitor page. */
export const stationMonitorPath = (stationId: number) => `/single_monitor?stationId=${stationId}`;

/** Opens a station's monitor page. */
export function useOpenStation(): (stationId: number) => void {
  const navigate = useNavigate();
  return useCallback((stationId: number) => navigate(stationMonitorPath(stationId)), [navigate]);
}
