import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { MonitorFormat } from '../../../lib/format';
import type { InventoryFigures } from '../groups';
import { DrillCard } from '../../../components/mobile/drill-card';
import { FillBar } from './fill-bar';
import { Figures } from '../../../components/mobile/figures';

interface InventoryCardProps {
  href: string;
  title: string;
  figures: InventoryFigures;
  format: MonitorFormat;
  testId: string;
}

/** A company or an area: how many stations and tanks, how full, how many need attention. */
export function InventoryCard({ href, title, figures, format, testId }: InventoryCardProps) {
  const { t } = useTranslation();
  const badges = (
    <>
      {figures.alarmStations > 0 ? <Tag color="red">{t('mobile.inventory.inAlarm', { count: figures.alarmStations })}</Tag> : null}
      {figures.offlineStations > 0 ? <Tag>{t('mobile.inventory.offline', { count: figures.offlineStations })}</Tag> : null}
    </>
  );
  return (
    <DrillCard href={href} title={<bdi>{title}</bdi>} badges={badges} testId={testId} tone={figures.alarmStations > 0 ? 'alarm' : undefined}>
      <FillBar pct={figures.fillPct} label={t('monitor.tank.fill')} />
      <Figures
        testId={testId}
        items={[
          { id: 'volume', label: t('monitor.tank.volume'), value: format.volume(figures.volumeL, figures.volumeUnit) },
          { id: 'fill', label: t('monitor.tank.fill'), value: format.percent(figures.fillPct) },
          { id: 'stations', label: t('monitor.figure.total'), value: format.count(figures.stations) },
          { id: 'tanks', label: t('monitor.column.tanks'), value: format.count(figures.tanks) },
        ]}
      />
    </DrillCard>
  );
}
