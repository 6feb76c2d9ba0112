import { lazy, Suspense, useState } from 'react';
import { SilentBoundary } from '../../components/silent-boundary';

const MailAddressDialog = lazy(() => import('./components/mail-address-dialog').then((m) => ({ default: m.MailAddressDialog })));

interface LazyMailAddressDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Fetches the dialog's chunk the first time it is opened, then keeps it mounted (for its close animation). */
export function LazyMailAddressDialog({ open, onClose }: LazyMailAddressDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <MailAddressDialog open={open} onClose={onClose} />
      </Suspense>
    </SilentBoundary>
  );
}
