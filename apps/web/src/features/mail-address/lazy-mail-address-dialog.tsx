import { lazyDialog } from '../../components/lazy-dialog';

export const LazyMailAddressDialog = lazyDialog(() => import('./components/mail-address-dialog').then((m) => m.MailAddressDialog));
