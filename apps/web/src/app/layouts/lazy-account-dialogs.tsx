import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '@ullage/contracts/auth';
import { SilentBoundary } from '../../components/silent-boundary';
import type { AccountDialog } from './account-dialogs';

const AccountDialogs = lazy(() => import('./account-dialogs').then((m) => ({ default: m.AccountDialogs })));

interface LazyAccountDialogsProps {
  user: SessionUser;
  open: AccountDialog;
  onClose: () => void;
  onLogout: () => void;
}

/** Mounts the account dialogs once one is first opened, then keeps them (for their close animation). */
export function LazyAccountDialogs(props: LazyAccountDialogsProps) {
  const [wanted, setWanted] = useState(false);
  if (props.open !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <AccountDialogs {...props} />
      </Suspense>
    </SilentBoundary>
  );
}
