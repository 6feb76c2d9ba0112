import { cylinderStrappingTable } from '@ullage/domain/strapping';
import type { SimStation } from './types';

/** A station like the demo's: horizontal cylinders 2.5 m × 8 m (about 39,000 L). */
export function testStation(code = 'T-1', timezone = 'Asia/Shanghai', tanks = 3): SimStation {
  const strapping = cylinderStrappingTable(2500, 8000, 50);
  return {
    code,
    deviceKey: `demo-device-key:${code}`,
    timezone,
    tanks: Array.from({ length: tanks }, (_, i) => ({ code: String(i + 1), heightMm: 2500, capacityL: 39_000, strapping })),
    sensors: [
      { sensorNo: '1', type: 'leak' },
      { sensorNo: '2', type: 'gas' },
    ],
  };
}
