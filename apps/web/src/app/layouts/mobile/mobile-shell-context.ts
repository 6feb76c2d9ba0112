import { useOutletContext } from 'react-router';
import type { AccountDialog } from '../account-dialogs';

/** What the phone shell offers its pages: its account dialogs and its log-out (the settings page uses both). */
export interface MobileShellContext {
  openDialog: (dialog: Exclude<AccountDialog, null>) => void;
  logout: () => void;
}

export function useMobileShell(): MobileShellContext | undefined {
  return useOutletContext<MobileShellContext | undefined>();
}
