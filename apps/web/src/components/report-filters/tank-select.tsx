import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useStationTanks } from '../../lib/station-tanks';

interface TankSelectProps {
  /** The station picked in the organisation tree; without one the select waits for it. */
  stationId: number | undefined;
  value: number | undefined;
  onChange: (tankId: number | undefined) => void;
  testId?: string;
}

/** The tanks of the picked station, "code · product", for the report and alarm filters. */
export function TankSelect({ stationId, value, onChange, testId }: TankSelectProps) {
  const { t } = useTranslation();
  const tanks = useStationTanks(stationId);
  return (
    <Select
      className="report-filter"
      value={value}
      onChange={(next: number | undefined) => onChange(next)}
      options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · ${tank.productName}` : tank.code }))}
      placeholder={stationId === undefined ? t('reportFilter.tankPickStation') : t('reportFilter.tank')}
      aria-label={t('reportFilter.tank')}
      disabled={stationId === undefined}
      loading={tanks.isLoading && stationId !== undefined}
      allowClear
      data-testid={testId}
    />
  );
}
