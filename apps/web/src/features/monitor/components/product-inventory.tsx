import type { MonitorOverview } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { fillFraction, type MonitorFormat } from '../../../lib/format';
import { NO_PRODUCT_COLOR } from '../../../components/tank/product-color';

type ProductRow = MonitorOverview['products'][number];

/**
 * Inventory by product: a bar per product, filled to volume / capacity in the product's own
 * colour (plain CSS, no chart library on the home route).
 */
export function ProductInventory({ products, volumeUnit, format }: { products: readonly ProductRow[]; volumeUnit: number; format: MonitorFormat }) {
  const { t } = useTranslation();
  if (products.length === 0) return <p className="monitor-empty">{t('monitor.product.empty')}</p>;
  return (
    <ul className="monitor-products">
      {products.map((product) => {
        const color = product.color ?? NO_PRODUCT_COLOR;
        const name = product.productName ?? t('monitor.product.none');
        const fill = fillFraction(product.volumeL, product.capacityL);
        return (
          <li key={product.productId ?? 'none'} className="monitor-product" data-testid={`product-${product.productId ?? 'none'}`}>
            <div className="monitor-product__head">
              <span className="monitor-product__swatch" style={{ background: color }} aria-hidden="true" />
              <bdi className="monitor-product__name">{name}</bdi>
              <span className="monitor-product__tanks">{t('monitor.product.tanks', { count: product.tankCount })}</span>
              <span className="monitor-product__pct">{format.percent(product.fillPct)}</span>
            </div>
            <div
              className="monitor-bar"
              role="meter"
              aria-label={name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(fill * 1000) / 10}
              aria-valuetext={format.percent(product.fillPct)}
            >
              <span className="monitor-bar__fill" style={{ inlineSize: `${fill * 100}%`, background: color }} />
            </div>
            <div className="monitor-product__volume">
              <span className="monitor-nowrap">{format.volume(product.volumeL, volumeUnit)}</span>{' '}
              <span className="monitor-muted monitor-nowrap">/ {format.volume(product.capacityL, volumeUnit)}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
