import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import QRCode from 'antd/es/qr-code';
import AndroidOutlined from '@ant-design/icons/es/icons/AndroidOutlined';
import AppleOutlined from '@ant-design/icons/es/icons/AppleOutlined';
import ChromeOutlined from '@ant-design/icons/es/icons/ChromeOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../components/antd-provider';
import { UllageLogo } from '../../../components/ullage-logo';
import { useSignedIn } from '../../../app/use-signed-in';
import { useLoginConfig } from '../api/login-config';
import './app-download-page.css';

/** Chromium's install prompt, offered once the manifest and service worker qualify the site. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install offer, kept for the button; null where the browser makes none (Safari). */
function useInstallPrompt() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true);
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    if (choice.outcome === 'accepted') setInstalled(true);
    setPrompt(null);
  };
  return { canInstall: prompt !== null, installed, install };
}

/**
 * /app (spec §2): how to use the platform on a phone. It installs from the browser (web app
 * manifest and service worker, issue 8) on Android and iOS; an Android package is offered
 * as well when the server has a download address configured.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const config = useLoginConfig();
  const install = useInstallPrompt();
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
            <article className="app-download__option" data-testid="app-install">
              <h2>{t('appDownload.install.title')}</h2>
              <p>{t('appDownload.install.text')}</p>
              {install.installed ? (
                <p className="app-download__done">{t('appDownload.install.installed')}</p>
              ) : install.canInstall ? (
                <Button type="primary" size="large" icon={<DownloadOutlined />} onClick={() => void install.install()} data-testid="app-install-now">
                  {t('appDownload.install.now')}
                </Button>
              ) : null}
              <h3>
                <ChromeOutlined aria-hidden /> {t('appDownload.install.android')}
              </h3>
              <p>{t('appDownload.install.androidSteps')}</p>
              <h3>
                <AppleOutlined aria-hidden /> {t('appDownload.install.ios')}
              </h3>
              <p>{t('appDownload.install.iosSteps')}</p>
              <p className="app-download__note">{t('appDownload.install.offline')}</p>
            </article>
            <article className="app-download__option">
              <h2>{t('appDownload.android.title')}</h2>
              {downloadUrl ? (
                <>
                  <p>{t('appDownload.android.text')}</p>
                  <QRCode value={downloadUrl} size={144} bordered={false} />
                  <Button type="primary" size="large" icon={<AndroidOutlined />} href={downloadUrl} data-testid="app-download-link">
                    {t('appDownload.android.download')}
                  </Button>
                </>
              ) : (
                <p>{t('appDownload.android.notConfigured')}</p>
              )}
            </article>
          </div>
          {/* A signed-in visitor goes back to the app (/ opens home, or a phone's home), not to a sign-in page. */}
          <Button type="link" size="large" onClick={() => navigate(signedIn ? '/' : '/login')} data-testid="app-back">
            {t(signedIn ? 'appDownload.backToHome' : 'appDownload.backToLogin')}
          </Button>
        </section>
      </main>
    </AntdProvider>
  );
}
