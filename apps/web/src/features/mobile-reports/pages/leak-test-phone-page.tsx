import { MobilePage } from '../../../components/mobile/mobile-page';
import { LeakTestPhoneList } from '../components/leak-test-phone-list';
import '../mobile-reports.css';

/** leak_test_phone: the leak tests of leak_test, as cards. */
export function Page() {
  return (
    <MobilePage testId="leak-test-phone">
      <LeakTestPhoneList />
    </MobilePage>
  );
}
