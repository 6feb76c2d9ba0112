import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useStationTanks } from '../../lib/station-tanks';

interface TankSelectProps {
  /** The station picked in the organisation tree; without one the select waits for it. */
  stationId: number | undefined;
  value: number | undefined;
  onChange: (tankId: number | undefined) => void;
  testId?: string;
  /** A report's own texts: the select's name and what it says while no station is picked. The report filters' by default. */
  texts?: { tank: string; pickStation: string };
  /** Marks the select as what the form still needs. */
  status?: 'error';
  /** Sets each product name apart (Unicode isolates) from the code before it, as the shift reports' selects do. */
  isolateProducts?: boolean;
}

/** The tanks of the picked station, "code · product", for the report and alarm filters and the history form. */
export function TankSelect({ stationId, value, onChange, testId, texts, status, isolateProducts = false }: TankSelectProps) {
  const { t } = useTranslation();
  const tanks = useStationTanks(stationId);
  const label = texts?.tank ?? t('reportFilter.tank');
  const product = (name: string) => (isolateProducts ? `\u2068${name}\u2069` : name);
  return (
    <Select
      status={status}
      className="report-filter"
      value={value}
      onChange={(next: number | undefined) => onChange(next)}
      options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · ${product(tank.productName)}` : tank.code }))}
      placeholder={stationId === undefined ? (texts?.pickStation ?? t('reportFilter.tankPickStation')) : label}
      aria-label={label}
      disabled={stationId === undefined}
      loading={tanks.isLoading && stationId !== undefined}
      allowClear
      data-testid={testId}
    />
  );
}
