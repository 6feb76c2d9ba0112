import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { PowerEventRow, PowerTankChange } from '@ullage/contracts/power-events';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import { CompareTable } from '../../../components/phone-report/compare-table';
import { TankPlace } from '../../../components/phone-report/tank-place';
import { durationText, STATE_KEYS } from '../power-event-text';

interface PowerCardProps {
  row: PowerEventRow;
  format: MonitorFormat;
}

function TankChange({ tank, row, format }: { tank: PowerTankChange; row: PowerEventRow; format: MonitorFormat }) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const diff = tank.volumeDifferenceL;
  return (
    <section className={`m-tank-block${tank.flagged ? ' m-tank-block--flagged' : ''}`} data-testid="power-card-tank" data-tank={tank.tankCode}>
      <p className="m-tank-block__head">
        <TankPlace stationName={row.stationName} tankCode={tank.tankCode} productName={tank.productName} productColor={tank.productColor} />
      </p>
      <CompareTable
        columns={[t('power.column.offAt'), t('power.column.onAt')]}
        rows={[
          { id: 'volume', label: t('history.column.volume'), before: format.volume(tank.off?.volumeL, row.volumeUnit), after: format.volume(tank.on?.volumeL, row.volumeUnit) },
          { id: 'height', label: t('power.column.height'), before: format.height(tank.off?.productHeightMm), after: format.height(tank.on?.productHeightMm) },
          { id: 'water', label: t('power.column.water'), before: format.height(tank.off?.waterHeightMm), after: format.height(tank.on?.waterHeightMm) },
          { id: 'temperature', label: t('power.column.temperature'), before: format.temperature(tank.off?.temperatureC, row.tempUnit), after: format.temperature(tank.on?.temperatureC, row.tempUnit) },
        ]}
      />
      <p className="m-tank-block__diff">
        <span>{t('power.column.difference')}</span>
        {diff === null ? (
          <span className="m-muted">{missing}</span>
        ) : (
          <span className="m-tags">
            <strong className={tank.flagged ? 'm-loss' : undefined} dir="ltr" data-testid="power-card-difference">
              {`${diff > 0 ? '+' : ''}${format.volume(diff, row.volumeUnit)}`}
            </strong>
            {tank.flagged ? <Tag color="error">{t('power.flagged')}</Tag> : null}
          </span>
        )}
      </p>
    </section>
  );
}

/**
 * One power-off of open_close_report: when the power went and came back and for how long,
 * then tank by tank the inventory at both moments and the change, flagged beyond the
 * tolerance. Times in the station's clock, volumes and temperatures in its company's units.
 */
export function PowerCard({ row, format }: PowerCardProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const time = (iso: string | null) => <span className="m-time" dir="ltr">{stationDateTime(iso, row.timezone)?.slice(0, 16) ?? missing}</span>;
  return (
    <article className={`m-card m-report${row.flagged ? ' m-card--alarm' : ''}`} data-testid="power-card" data-power-id={row.id}>
      <div className="m-card__head">
        <h3 className="m-card__title">
          <bdi>{row.stationName}</bdi>
        </h3>
        <span className="m-tags">
          {row.state === 'paired' ? null : (
            <Tag color={row.state === 'pending' ? 'processing' : 'warning'} data-testid="power-card-state">
              {t(STATE_KEYS[row.state])}
            </Tag>
          )}
          {row.flagged ? <Tag color="error">{t('power.flagged')}</Tag> : null}
        </span>
      </div>
      <p className="m-card__subtitle">
        <bdi>{row.companyName}</bdi>
        {row.areaName ? (
          <>
            {' · '}
            <bdi>{row.areaName}</bdi>
          </>
        ) : null}
        {' · '}
        <bdi>{row.stationCode}</bdi>
      </p>
      <Figures
        testId="power-card"
        items={[
          { id: 'off', label: t('power.column.offAt'), value: time(row.offAt) },
          { id: 'on', label: t('power.column.onAt'), value: row.onAt ? time(row.onAt) : <span className="m-muted">{t(STATE_KEYS[row.state])}</span> },
          { id: 'duration', label: t('power.column.duration'), value: row.durationS === null ? missing : durationText(t, row.durationS) },
        ]}
      />
      {row.tanks.map((tank) => (
        <TankChange key={tank.tankId} tank={tank} row={row} format={format} />
      ))}
    </article>
  );
}
