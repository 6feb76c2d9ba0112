import { MobilePage } from '../../../components/mobile/mobile-page';
import { ReconciliationPhoneList } from '../phone/reconciliation-phone-list';
import '../reconciliation.css';
import '../../../components/phone-report/phone-report.css';

/** reconciliation_phone: the reconciliation of reconciliation, as cards. */
export function Page() {
  return (
    <MobilePage testId="reconciliation-phone">
      <ReconciliationPhoneList />
    </MobilePage>
  );
}
