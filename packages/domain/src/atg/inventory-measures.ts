/**
 * What a console's inventory report measures of one tank, in the console's units, in both of
 * its formats (computer §3 i201, display §4 I201): one shape, so a tank's inventory reads the
 * same whichever way it came. Null where the console gave no figure.
 */
export interface InventoryMeasures {
  volume: number | null;
  tcVolume: number | null;
  ullage: number | null;
  height: number | null;
  water: number | null;
  temperature: number | null;
}
