import { MobilePage } from '../../../components/mobile/mobile-page';
import { HistoryPhoneView } from '../components/history-phone-view';
import '../mobile-reports.css';

/** history_can_save_phone: one tank's trend and readings of history_can_save. */
export function Page() {
  return (
    <MobilePage testId="history-can-save-phone">
      <HistoryPhoneView />
    </MobilePage>
  );
}
