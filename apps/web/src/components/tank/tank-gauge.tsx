import { useId } from 'react';
import type { TankLive } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';
import { fillFraction, type MonitorFormat } from '../../lib/format';
import { NO_PRODUCT_COLOR } from './product-color';
import './tank-gauge.css';

export const WATER_COLOR = '#1f6fd1';

/** Drawing height of the horizontal cylinder, in SVG units; its length depends on the card. */
const H = 130;
const TOP = 10;
const BOTTOM = H - 10;
const BODY_H = BOTTOM - TOP;
const CAP = 22;

/** The cylinder's outline: a body with elliptical ends, `width` units long. */
function outline(width: number): string {
  const left = 14 + CAP;
  const right = width - 14 - CAP;
  return `M ${left} ${TOP} H ${right} A ${CAP} ${BODY_H / 2} 0 0 1 ${right} ${BOTTOM} H ${left} A ${CAP} ${BODY_H / 2} 0 0 1 ${left} ${TOP} Z`;
}

type ThresholdField = 'highOilAlarmMm' | 'highOilWarnMm' | 'lowOilWarnMm' | 'lowOilAlarmMm' | 'highWaterAlarmMm';

const THRESHOLDS: readonly { field: ThresholdField; key: MessageKey; tone: 'alarm' | 'warn' | 'water' }[] = [
  { field: 'highOilAlarmMm', key: 'monitor.threshold.highAlarm', tone: 'alarm' },
  { field: 'highOilWarnMm', key: 'monitor.threshold.highWarn', tone: 'warn' },
  { field: 'lowOilWarnMm', key: 'monitor.threshold.lowWarn', tone: 'warn' },
  { field: 'lowOilAlarmMm', key: 'monitor.threshold.lowAlarm', tone: 'alarm' },
  { field: 'highWaterAlarmMm', key: 'monitor.threshold.highWater', tone: 'water' },
];

/** Height in the tank → y in the drawing; heights are linear in a side view, whatever the shape. */
const levelY = (fraction: number) => BOTTOM - fraction * BODY_H;

/**
 * A tank drawn as a horizontal cylinder seen from the side: product filled to product height
 * over tank height in the product's colour, water at the bottom in blue, the alarm thresholds
 * as marks on the wall, and the fill level written across.
 */
export function TankGauge({ tank, format, showThresholds = true, length = 240 }: { tank: TankLive; format: MonitorFormat; showThresholds?: boolean; length?: number }) {
  const W = length;
  const OUTLINE = outline(W);
  const { t } = useTranslation();
  const clip = useId();
  const product = fillFraction(tank.productHeightMm, tank.heightMm);
  const water = Math.min(product || 1, fillFraction(tank.waterHeightMm, tank.heightMm));
  const color = tank.productColor ?? NO_PRODUCT_COLOR;
  const hasReading = tank.productHeightMm !== null;
  const label = t('monitor.tank.gauge', {
    code: tank.code,
    product: format.height(tank.productHeightMm),
    water: format.height(tank.waterHeightMm),
    height: format.height(tank.heightMm),
  });
  return (
    <svg className="tank-gauge" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid={`tank-gauge-${tank.code}`}>
      <defs>
        <clipPath id={clip}>
          <path d={OUTLINE} />
        </clipPath>
        <linearGradient id={`${clip}-shade`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.28" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.12" />
        </linearGradient>
      </defs>
      <path d={OUTLINE} className="tank-gauge__empty" />
      <g clipPath={`url(#${clip})`}>
        {hasReading ? (
          <>
            <rect x={0} width={W} y={levelY(product)} height={BOTTOM - levelY(product)} fill={color} className="tank-gauge__product" />
            <rect x={0} width={W} y={levelY(water)} height={BOTTOM - levelY(water)} fill={WATER_COLOR} className="tank-gauge__water" />
          </>
        ) : null}
        <rect x={0} y={0} width={W} height={H} fill={`url(#${clip}-shade)`} />
      </g>
      {showThresholds ? (
        <g clipPath={`url(#${clip})`}>
          {THRESHOLDS.map(({ field, key, tone }) => {
            const mm = tank[field];
            if (mm === null || mm <= 0 || mm > tank.heightMm) return null;
            const y = levelY(mm / tank.heightMm);
            return (
              <g key={field} className={`tank-gauge__mark tank-gauge__mark--${tone}`}>
                <title>{`${t(key)}: ${format.height(mm)}`}</title>
                <line x1={0} x2={W} y1={y} y2={y} />
              </g>
            );
          })}
        </g>
      ) : null}
      <path d={OUTLINE} className="tank-gauge__outline" />
      <text x={W / 2} y={H / 2} className="tank-gauge__pct" dominantBaseline="central" textAnchor="middle">
        {hasReading ? format.percent(tank.fillPct) : t('monitor.tank.noReading')}
      </text>
    </svg>
  );
}
