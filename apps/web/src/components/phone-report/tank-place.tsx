import { useTranslation } from 'react-i18next';
import { NO_PRODUCT_COLOR } from '../tank/product-color';
import { ProductSuffix } from '../tank/product-suffix';

interface TankPlaceProps {
  stationName: string;
  tankCode: string | null;
  productName: string | null;
  productColor: string | null;
}

/** "■ Denver Colfax · Tank 1 · 92#" on one flowing line; each part isolated, so Arabic keeps its order. */
export function TankPlace({ stationName, tankCode, productName, productColor }: TankPlaceProps) {
  const { t } = useTranslation();
  return (
    <span className="m-place">
      <span className="m-swatch" style={{ background: productColor ?? NO_PRODUCT_COLOR }} aria-hidden="true" />
      <bdi>{stationName}</bdi>
      {tankCode ? (
        <>
          {' · '}
          <bdi>{t('monitor.tank.title', { code: tankCode })}</bdi>
        </>
      ) : null}
      <ProductSuffix name={productName} />
    </span>
  );
}
