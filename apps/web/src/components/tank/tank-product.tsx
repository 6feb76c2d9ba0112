import { useTranslation } from 'react-i18next';
import { NO_PRODUCT_COLOR } from './product-color';

interface TankProductProps {
  name: string | null;
  color: string | null;
  /** The line's class and the swatch's: the monitor's tank card and the phone's tiles style them apiece. */
  className: string;
  swatchClassName: string;
}

/** What a tank holds, beside its name on a card: the product's colour, then its name ("No product" without one). */
export function TankProduct({ name, color, className, swatchClassName }: TankProductProps) {
  const { t } = useTranslation();
  return (
    <span className={className}>
      <span className={swatchClassName} style={{ background: color ?? NO_PRODUCT_COLOR }} aria-hidden="true" />
      <bdi>{name ?? t('monitor.product.none')}</bdi>
    </span>
  );
}
