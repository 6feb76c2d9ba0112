import type { StationSummary } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { STATUS_KEYS } from '../status';

interface StationSelectProps {
  stations: readonly StationSummary[];
  value: number | null;
  onChange: (stationId: number) => void;
  loading?: boolean;
}

/**
 * Switches the station monitor to another station. The browser's own select (type-ahead by
 * name, sorted by name); the picker page is where stations are searched by name or code.
 */
export function StationSelect({ stations, value, onChange, loading = false }: StationSelectProps) {
  const { t } = useTranslation();
  const sorted = [...stations].sort((a, b) => a.name.localeCompare(b.name));
  const known = value !== null && stations.some((station) => station.id === value);
  return (
    <select
      className="monitor-select"
      aria-label={t('monitor.station.select')}
      aria-busy={loading}
      value={known ? String(value) : ''}
      onChange={(event) => {
        const id = Number(event.target.value);
        if (id > 0) onChange(id);
      }}
      data-testid="station-select"
    >
      {known ? null : (
        <option value="" disabled>
          {t('monitor.station.select')}
        </option>
      )}
      {sorted.map((station) => (
        <option key={station.id} value={station.id}>
          {`${station.name} · ${station.code} · ${t(STATUS_KEYS[station.status])}`}
        </option>
      ))}
    </select>
  );
}
