import { MobilePage } from '../../../components/mobile/mobile-page';
import { OfflinePhoneList } from '../phone/offline-phone-list';
import '../../../components/phone-report/phone-report.css';

/** offline_record_phone: the outages of offline_record, as cards, processed one at a time. */
export function Page() {
  return (
    <MobilePage testId="offline-record-phone">
      <OfflinePhoneList />
    </MobilePage>
  );
}
