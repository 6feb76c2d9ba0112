import { useLocation } from 'react-router';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { parseDrill } from '../../mobile/drill';
import { DeliveryPhoneList } from '../components/delivery-phone-list';
import '../mobile-reports.css';

/** delivery_phone: the delivery records of `delivery`, as cards. */
export function Page() {
  const { from, to } = parseDrill(useLocation().search);
  return (
    <MobilePage testId="delivery-phone">
      <DeliveryPhoneList initial={{ from, to }} />
    </MobilePage>
  );
}
