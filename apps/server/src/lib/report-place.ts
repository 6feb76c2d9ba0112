/**
 * The columns every report query selects for where a row is (`s.name as station_name`, …),
 * and the row fields they become (contracts/report-place.ts): one mapping for all reports.
 */
export interface StationPlaceRaw {
  station_id: number;
  station_name: string;
  station_code: string;
  company_name: string;
  timezone: string;
  volume_unit: number | null;
  temp_unit: number | null;
}

/** `Code` is `string | null` where the tank may since have been removed (data jumps). */
export interface TankPlaceRaw<Code extends string | null = string> extends StationPlaceRaw {
  tank_id: number;
  tank_code: Code;
  product_name: string | null;
  product_color: string | null;
}

export function stationPlaceOf(r: StationPlaceRaw) {
  return {
    stationId: r.station_id,
    stationName: r.station_name,
    stationCode: r.station_code,
    companyName: r.company_name,
    timezone: r.timezone,
    volumeUnit: r.volume_unit,
    tempUnit: r.temp_unit,
  };
}

/**
 * The station's fields, then the tank's added to the same object: a spread made a second object
 * and copied it, 5,000 times a call for a fleet's report.
 */
export function tankPlaceOf<Code extends string | null>(r: TankPlaceRaw<Code>) {
  const place = stationPlaceOf(r) as ReturnType<typeof stationPlaceOf> & { tankId: number; tankCode: Code; productName: string | null; productColor: string | null };
  place.tankId = r.tank_id;
  place.tankCode = r.tank_code;
  place.productName = r.product_name;
  place.productColor = r.product_color;
  return place;
}
