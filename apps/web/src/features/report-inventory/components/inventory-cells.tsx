import Tooltip from 'antd/es/tooltip';
import { ProductSuffix } from '../../../components/tank/product-suffix';

interface TankOfRow {
  stationName: string;
  stationCode: string;
  companyName: string;
  tankCode: string;
  productName: string | null;
  productColor: string | null;
}

/** The station's name; its company and code on hover. */
export function StationCell({ row }: { row: TankOfRow }) {
  return (
    <Tooltip title={`${row.companyName} · ${row.stationCode}`}>
      <bdi>{row.stationName}</bdi>
    </Tooltip>
  );
}

/** The tank's code with its product and the product's colour (each part isolated, so an Arabic page keeps "1 · 92# Gasoline" readable). */
export function TankCell({ row }: { row: TankOfRow }) {
  return (
    <span className="inventory-tank">
      {row.productColor ? <span className="inventory-tank__swatch" style={{ background: row.productColor }} aria-hidden /> : null}
      <span>
        <bdi>{row.tankCode}</bdi>
        <ProductSuffix name={row.productName} />
      </span>
    </span>
  );
}

/** Station and tank in one cell, for the wide monthly table. */
export function StationTankCell({ row }: { row: TankOfRow }) {
  return (
    <span className="inventory-stack">
      <StationCell row={row} />
      <small>
        <TankCell row={row} />
      </small>
    </span>
  );
}
