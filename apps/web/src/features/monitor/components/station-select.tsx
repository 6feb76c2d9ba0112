import Select from 'antd/es/select';
import type { StationSummary } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { optionMatches } from '../../../lib/org-options';
import { STATUS_KEYS } from '../../../lib/station-status';

interface StationSelectProps {
  stations: readonly StationSummary[];
  value: number | null;
  onChange: (stationId: number) => void;
  loading?: boolean;
}

/**
 * Switches the station monitor to another station: antd's select, as every other picker of the
 * app (the browser's own looked out of place), searchable by name or code, sorted by name.
 */
export function StationSelect({ stations, value, onChange, loading = false }: StationSelectProps) {
  const { t } = useTranslation();
  const sorted = [...stations].sort((a, b) => a.name.localeCompare(b.name));
  const known = value !== null && stations.some((station) => station.id === value);
  return (
    <Select<number>
      className="monitor-station-select"
      aria-label={t('monitor.station.select')}
      placeholder={t('monitor.station.select')}
      loading={loading}
      value={known ? value : undefined}
      onChange={(id) => {
        if (id > 0) onChange(id);
      }}
      showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
      options={sorted.map((station) => ({ value: station.id, label: `${station.name} · ${station.code} · ${t(STATUS_KEYS[station.status])}` }))}
      popupMatchSelectWidth={false}
      data-testid="station-select"
    />
  );
}
