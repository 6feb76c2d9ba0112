import { MobilePage } from '../../../components/mobile/mobile-page';
import { MonthlyPhoneList } from '../components/monthly-phone-list';
import '../mobile-reports.css';

/** Monthly_phone: the tank months of Monthly, as cards. */
export function Page() {
  return (
    <MobilePage testId="monthly-phone">
      <MonthlyPhoneList />
    </MobilePage>
  );
}
