import { MobilePage } from '../../../components/mobile/mobile-page';
import { LeakTestPhoneList } from '../phone/leak-test-phone-list';
import '../../../components/phone-report/phone-report.css';

/** leak_test_phone: the leak tests of leak_test, as cards. */
export function Page() {
  return (
    <MobilePage testId="leak-test-phone">
      <LeakTestPhoneList />
    </MobilePage>
  );
}
