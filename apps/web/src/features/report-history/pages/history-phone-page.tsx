import { MobilePage } from '../../../components/mobile/mobile-page';
import { HistoryPhoneView } from '../phone/history-phone-view';
import '../../../components/phone-report/phone-report.css';

/** history_can_save_phone: one tank's trend and readings of history_can_save. */
export function Page() {
  return (
    <MobilePage testId="history-can-save-phone">
      <HistoryPhoneView />
    </MobilePage>
  );
}
