import type { SessionUser } from '@ullage/contracts/auth';
import { sessionUserQueryKey } from '../../lib/session-user';
import { ChangePasswordDialog } from '../../features/account/components/change-password-dialog';
import { ChangePhotoDialog } from '../../features/account/components/change-photo-dialog';
import { queryClient } from '../../lib/query-client';

export type AccountDialog = 'password' | 'photo' | null;

interface AccountDialogsProps {
  user: SessionUser;
  open: AccountDialog;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The dialogs behind the user menu; the shells own which one is open. Loaded with the first
 * open (see lazy-account-dialogs), so the shell's first paint does not build hidden forms.
 */
export function AccountDialogs({ user, open, onClose, onLogout }: AccountDialogsProps) {
  return (
    <>
      <ChangePasswordDialog
        open={open === 'password'}
        userId={user.userId}
        username={user.username}
        onClose={onClose}
        onChanged={onLogout}
      />
      <ChangePhotoDialog
        open={open === 'photo'}
        currentPhoto={user.photo}
        onClose={onClose}
        onUploaded={(photo) => queryClient.setQueryData<SessionUser>(sessionUserQueryKey, (u) => (u ? { ...u, photo } : u))}
      />
    </>
  );
}
