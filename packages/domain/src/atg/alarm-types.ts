/**
 * The console's own alarm vocabulary (atg-protocol.md §3 i10100, i11100, i301): what the
 * numbers in its replies mean. Which of them Ullage raises, and as what, is alarm-map.ts.
 */

/** AA, the alarm category ([3xx] p.41; [4xx] p.27–28). [4xx] adds 37 and 58–86, mostly device classes. */
export const ALARM_CATEGORIES: Readonly<Record<number, string>> = {
  0: 'normal',
  1: 'system',
  2: 'tank',
  3: 'liquid sensor',
  4: 'vapor sensor',
  5: 'input',
  6: 'volumetric line leak',
  7: 'groundwater sensor',
  8: 'type A sensor',
  11: 'relay',
  12: 'type B sensor',
  13: 'universal sensor',
  14: 'autodial/fax',
  18: 'mechanical dispenser interface',
  19: 'electronic dispenser interface',
  20: 'product (BIR)',
  21: 'pressure line leak',
  26: 'wireless PLLD',
  28: 'smart sensor',
  29: 'Modbus',
  30: 'ISD site',
  31: 'ISD hose',
  32: 'ISD vapor flow meter',
  33: 'PMC',
  34: 'pump relay monitor',
  35: 'VMCI',
  36: 'VMC',
  99: 'externally detected',
};

export const TANK_CATEGORY = 2;

/** The categories whose alarm types are the sensor list below (§3, "AA = 03, 04, 07, 08, 12, 13"). */
export const SENSOR_CATEGORIES: readonly number[] = [3, 4, 7, 8, 12, 13];

/** NN of a tank alarm, AA=02 ([3xx] p.42; [4xx] p.28–29; 31–38 are [4xx] only). */
export const TANK_ALARM_TYPES: Readonly<Record<number, string>> = {
  1: 'setup data warning',
  2: 'leak',
  3: 'high water',
  4: 'overfill',
  5: 'low product',
  6: 'sudden loss',
  7: 'high product',
  8: 'invalid fuel level',
  9: 'probe out',
  10: 'high water warning',
  11: 'delivery needed warning',
  12: 'maximum product',
  13: 'gross leak test fail',
  14: 'periodic leak test fail',
  15: 'annual leak test fail',
  16: 'periodic test needed warning',
  17: 'annual test needed warning',
  18: 'periodic test needed alarm',
  19: 'annual test needed alarm',
  20: 'leak test active',
  21: 'no CSLD idle time',
  22: 'siphon break active',
  23: 'CSLD rate increase',
  24: 'AccuChart calibration',
  25: 'HRM reconciliation warning',
  26: 'HRM reconciliation alarm',
  27: 'cold temperature',
  28: 'missing delivery ticket',
  29: 'tank/line gross leak',
  30: 'delivery density',
  31: 'density',
  32: 'fuel quality',
  33: 'high temperature',
  34: 'low temperature',
  38: 'density offset',
};

/** NN of a sensor alarm ([3xx] p.43; [4xx] p.29–30, which allows only subsets for some categories). */
export const SENSOR_ALARM_TYPES: Readonly<Record<number, string>> = {
  2: 'setup data warning',
  3: 'fuel alarm',
  4: 'sensor out',
  5: 'short',
  6: 'water alarm',
  7: 'water out',
  8: 'high liquid',
  9: 'low liquid',
  10: 'liquid warning',
};

/** i301's `ssss`: a value, not bits, and one lower than the i101 sensor alarm type of the same name (§3 i301). */
export const LIQUID_SENSOR_STATUSES: Readonly<Record<number, string>> = {
  0: 'normal',
  1: 'setup data warning',
  2: 'fuel alarm',
  3: 'out',
  4: 'short',
  5: 'water alarm',
  6: 'water out',
  7: 'high liquid',
  8: 'low liquid',
  9: 'liquid warning',
};

/** i11100's `cc` ([3xx] p.49; [4xx] p.36 calls 05 "containment sump"). */
export const SENSOR_LOCATIONS: Readonly<Record<number, string>> = {
  0: 'other',
  1: 'annular',
  2: 'dispenser pan',
  3: 'monitoring well',
  4: 'STP sump',
  5: 'piping sump',
};
