import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n/message-key';
import { apiUrl } from '../../../lib/api-client';

/** Why a CAS sign-in came back to the login page (the server's `casError`), as message keys. */
const CAS_ERRORS: Readonly<Record<string, MessageKey>> = {
  notConfigured: 'auth.cas.error.notConfigured',
  invalidTicket: 'auth.cas.error.invalidTicket',
  unknownUser: 'auth.cas.error.unknownUser',
  disabled: 'auth.cas.error.disabled',
  unreachable: 'auth.cas.error.unreachable',
};

export function casErrorKey(code: string | null): MessageKey | null {
  return code && Object.hasOwn(CAS_ERRORS, code) ? CAS_ERRORS[code]! : null;
}

/** The refusal of a CAS sign-in, shown above the form. */
export function CasError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = casErrorKey(params.get('casError'));
  if (!key) return null;
  return (
    <p className="login-card__cas-error" role="alert" data-testid="cas-error">
      {t(key)}
    </p>
  );
}

/** "Sign in with CAS" under the form, when the server has CAS configured. */
export function CasSignIn() {
  const { t } = useTranslation();
  return (
    <div className="login-card__cas">
      <span className="login-card__or">{t('auth.cas.or')}</span>
      {/* A full navigation: the server redirects on to the CAS server's login. */}
      <a className="plain-control plain-button plain-button--large plain-button--block" href={apiUrl('/api/cas/login')} data-testid="cas-sign-in">
        {t('auth.cas.signIn')}
      </a>
    </div>
  );
}
