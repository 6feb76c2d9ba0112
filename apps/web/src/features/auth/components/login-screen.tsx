import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/language-picker';
import { UllageLogo } from '../../../components/ullage-logo';
import { useLoginConfig } from '../api/login-config';
import { CasError, CasSignIn } from './cas-sign-in';
import { LoginForm } from './login-form';
import './login-screen.css';

interface LoginScreenProps {
  variant: 'desktop' | 'mobile';
}

/** The sign-in page (spec §2): title, language, the form, and advice on browsers and the app. */
export function LoginScreen({ variant }: LoginScreenProps) {
  const { t } = useTranslation();
  const config = useLoginConfig();
  const title = config.data?.loginTitle || t('auth.login.defaultTitle');
  return (
    <main className={`login-screen login-screen--${variant}`}>
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-card__header">
          <div className="login-card__brand">
            <UllageLogo size={40} />
            <div>
              <h1 id="login-title" className="login-card__title">
                {title}
              </h1>
              <p className="login-card__subtitle">{t('auth.login.subtitle')}</p>
            </div>
          </div>
          <LanguagePicker />
        </header>
        {config.isPending ? (
          <div className="login-card__placeholder" aria-busy="true" />
        ) : (
          <>
            <CasError />
            {/* Without the configuration, ask for the code: the server decides anyway. */}
            <LoginForm captchaEnabled={config.data?.captchaEnabled ?? true} />
            {config.data?.casEnabled ? <CasSignIn /> : null}
          </>
        )}
        <footer className="login-card__hints">
          <p>{t('auth.login.browserAdvice')}</p>
          <p>
            {t('auth.login.androidApp')} <Link to="/app">{t('auth.login.androidAppLink')}</Link>
          </p>
        </footer>
      </section>
    </main>
  );
}
