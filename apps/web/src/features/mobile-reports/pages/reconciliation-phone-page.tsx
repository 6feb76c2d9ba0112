import { MobilePage } from '../../../components/mobile/mobile-page';
import { ReconciliationPhoneList } from '../components/reconciliation-phone-list';
import '../../report-reconciliation/reconciliation.css';
import '../mobile-reports.css';

/** reconciliation_phone: the reconciliation of reconciliation, as cards. */
export function Page() {
  return (
    <MobilePage testId="reconciliation-phone">
      <ReconciliationPhoneList />
    </MobilePage>
  );
}
