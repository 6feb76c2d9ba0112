import { useLocation } from 'react-router';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { parseDrill } from '../../../lib/drill-place';
import { DeliveryPhoneList } from '../phone/delivery-phone-list';
import '../../../components/phone-report/phone-report.css';

/** delivery_phone: the delivery records of `delivery`, as cards. */
export function Page() {
  const { from, to } = parseDrill(useLocation().search);
  return (
    <MobilePage testId="delivery-phone">
      <DeliveryPhoneList initial={{ from, to }} />
    </MobilePage>
  );
}
