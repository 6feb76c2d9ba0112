import type { ReactNode } from 'react';
import Tooltip from 'antd/es/tooltip';
import './report-cells.css';

/** A report row's station: its name, with its company and code on hover. */
export function StationCell({ row }: { row: { stationName: string; stationCode: string; companyName: string } }) {
  return (
    <Tooltip title={`${row.companyName} · ${row.stationCode}`}>
      <bdi>{row.stationName}</bdi>
    </Tooltip>
  );
}

/** A tank as the reports name it: its product's colour, then "code · product". */
export function TankLabel({ code, productName, productColor, missing }: { code: string | null; productName: string | null; productColor: string | null; missing?: ReactNode }) {
  return (
    <span className="tank-label">
      {productColor ? <span className="tank-label__swatch" style={{ background: productColor }} aria-hidden /> : null}
      <bdi>{code === null ? missing : productName ? `${code} · ${productName}` : code}</bdi>
    </span>
  );
}
