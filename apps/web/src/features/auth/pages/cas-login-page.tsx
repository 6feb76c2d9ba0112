import { useEffect } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@ullage/contracts/auth';
import { useLoginConfig } from '../api/login-config';
import { sessionUserQueryKey } from '../../../lib/session-user';
import { AntdProvider } from '../../../components/antd-provider';
import { apiData, apiUrl } from '../../../lib/api-client';
import { markSignedIn } from '../../../lib/login-state';
import { queryClient } from '../../../lib/query-client';

/** Where the server may send a CAS sign-in on to; anything else is not followed. */
const LANDINGS = new Set(['/home', '/realAlarm']);

/**
 * /caslogin (spec §2, no sign-in). Going out: with CAS configured, on to the CAS server's
 * login through the server (which knows the CAS address and our service URL); without, says
 * so. Coming back (`?next=`): the server has set the session cookie; the page confirms it,
 * records that this browser is signed in, and lands where the server said.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const returning = next !== null && LANDINGS.has(next);
  const config = useLoginConfig();
  const enabled = config.data?.casEnabled === true;

  useEffect(() => {
    if (returning) {
      void apiData<SessionUser>('/api/login/getInfo', { overlay: false, notify: false, endSessionOnInvalid: false }).then(
        (user) => {
          queryClient.setQueryData(sessionUserQueryKey, user);
          markSignedIn(user.username);
          navigate(next, { replace: true });
        },
        () => navigate('/login?casError=invalidTicket', { replace: true }),
      );
    } else if (enabled) {
      window.location.replace(apiUrl('/api/cas/login'));
    }
  }, [returning, enabled, next, navigate]);

  return (
    <AntdProvider>
      <main className="standalone-page">
        {returning || config.isPending || enabled ? (
          <Result icon={<Spin size="large" />} title={t(returning ? 'auth.cas.signingIn' : 'auth.cas.redirecting')} />
        ) : (
          <Result
            status="info"
            title={t('route.title.caslogin')}
            subTitle={t('auth.cas.notConfigured')}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('auth.cas.backToLogin')}
              </Button>
            }
          />
        )}
      </main>
    </AntdProvider>
  );
}
