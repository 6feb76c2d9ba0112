import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLoginConfig } from '../api/login-config';
import { AntdProvider } from '../../../components/antd-provider';

/**
 * The single sign-on return page. No CAS server is configured in this release
 * (LoginConfig.casEnabled is false), so it says so and points to the normal sign-in.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useLoginConfig();
  const enabled = config.data?.casEnabled === true;
  return (
    <AntdProvider>
      <main className="standalone-page">
        <Result
          status="info"
          title={t('route.title.caslogin')}
          subTitle={enabled ? t('auth.cas.enabledButUnsupported') : t('auth.cas.notConfigured')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('auth.cas.backToLogin')}
            </Button>
          }
        />
      </main>
    </AntdProvider>
  );
}
