import type { TFunction } from 'i18next';
import type { TankLive } from '@ullage/contracts/monitor';
import type { MonitorFormat } from '../../lib/format';

/** A tank figure: its id (the test ids end in it), its label and its value in the company's units. */
export interface TankFigure {
  id: 'product-height' | 'water-height' | 'temperature' | 'volume' | 'tc-volume' | 'ullage' | 'fill' | 'capacity';
  label: string;
  value: string;
}

/**
 * Every figure of a tank's latest reading, in the order the desktop card lists them; the phone's
 * tile lists the same figures in its own order. One place, so both name and format them alike.
 */
export function tankFigures(t: TFunction, format: MonitorFormat, tank: TankLive, tempUnit: number, volumeUnit: number): TankFigure[] {
  return [
    { id: 'product-height', label: t('monitor.tank.productHeight'), value: format.height(tank.productHeightMm) },
    { id: 'water-height', label: t('monitor.tank.waterHeight'), value: format.height(tank.waterHeightMm) },
    { id: 'temperature', label: t('monitor.tank.temperature'), value: format.temperature(tank.temperatureC, tempUnit) },
    { id: 'volume', label: t('monitor.tank.volume'), value: format.volume(tank.volumeL, volumeUnit) },
    { id: 'tc-volume', label: t('monitor.tank.tcVolume'), value: format.volume(tank.tcVolumeL, volumeUnit) },
    { id: 'ullage', label: t('monitor.tank.ullage'), value: format.volume(tank.ullageL, volumeUnit) },
    { id: 'fill', label: t('monitor.tank.fill'), value: format.percent(tank.fillPct) },
    { id: 'capacity', label: t('monitor.tank.capacity'), value: format.volume(tank.capacityL, volumeUnit) },
  ];
}
