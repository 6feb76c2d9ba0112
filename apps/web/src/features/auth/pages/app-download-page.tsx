import Button from 'antd/es/button';
import QRCode from 'antd/es/qr-code';
import AndroidOutlined from '@ant-design/icons/es/icons/AndroidOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../components/antd-provider';
import { UllageLogo } from '../../../components/ullage-logo';
import { useLoginConfig } from '../api/login-config';
import './app-download-page.css';

/**
 * /app (spec §2): how to use the platform on a phone. The mobile layout needs no install;
 * the Android app is offered only when the server has a download address configured.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useLoginConfig();
  const downloadUrl = config.data?.appDownloadUrl ?? null;
  const siteUrl = `${window.location.origin}/loginMobile`;
  return (
    <AntdProvider>
      <main className="app-download">
        <section className="app-download__card">
          <header className="app-download__header">
            <UllageLogo size={48} />
            <h1 data-testid="page-title">{t('appDownload.title')}</h1>
          </header>
          <p>{t('appDownload.intro')}</p>
          <div className="app-download__options">
            <article className="app-download__option">
              <h2>{t('appDownload.browser.title')}</h2>
              <p>{t('appDownload.browser.text')}</p>
              <QRCode value={siteUrl} size={144} bordered={false} />
              <code className="app-download__url">{siteUrl}</code>
            </article>
            <article className="app-download__option">
              <h2>{t('appDownload.android.title')}</h2>
              {downloadUrl ? (
                <>
                  <p>{t('appDownload.android.text')}</p>
                  <QRCode value={downloadUrl} size={144} bordered={false} />
                  <Button type="primary" icon={<AndroidOutlined />} href={downloadUrl} data-testid="app-download-link">
                    {t('appDownload.android.download')}
                  </Button>
                </>
              ) : (
                <p>{t('appDownload.android.notConfigured')}</p>
              )}
            </article>
          </div>
          <Button type="link" onClick={() => navigate('/login')}>
            {t('appDownload.backToLogin')}
          </Button>
        </section>
      </main>
    </AntdProvider>
  );
}
