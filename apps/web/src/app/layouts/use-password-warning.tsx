import { useEffect } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@ullage/contracts/auth';
import { withFeedback } from '../../lib/feedback';
import { passwordUnsafeFlag } from '../../lib/session-flags';

/**
 * After a login whose password breaks the rules (or was reset), a warning stays on screen
 * until closed (spec §8 "Your password is not safe, please change as soon as possible"),
 * with a shortcut to the change-password dialog.
 */
export function usePasswordWarning(user: SessionUser | undefined, openChangePassword: () => void): void {
  const { t } = useTranslation();
  const unsafe = user?.passwordUnsafe === true || passwordUnsafeFlag();
  const mustChange = user?.mustChangePassword === true;
  // After an administrator's reset the server allows nothing else, so the dialog opens at once.
  useEffect(() => {
    if (mustChange) openChangePassword();
  }, [mustChange, openChangePassword]);
  useEffect(() => {
    if (!unsafe) return;
    withFeedback(({ notification }) => {
      notification.warning({
        key: 'password-unsafe',
        title: t('auth.password.unsafe'),
        duration: false,
        closable: true,
        props: { 'data-testid': 'password-unsafe-warning' } as object,
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy('password-unsafe');
              openChangePassword();
            }}
          >
            {t('layout.user.changePassword')}
          </Button>
        ),
      });
    });
  }, [unsafe, openChangePassword, t]);
}
