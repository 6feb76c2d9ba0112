import { useState, type FormEvent, type ReactNode } from 'react';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { CODES } from '@ullage/contracts/codes';
import { PASSWORD_INPUT_MAX } from '@ullage/domain/password';
import { ApiError } from '../../../lib/api-client';
import { markSignedIn } from '../../../lib/login-state';
import { queryClient } from '../../../lib/query-client';
import { setPasswordUnsafeFlag } from '../../../lib/session-flags';
import { sessionUserQueryKey } from '../../../lib/session-user';
import { useLogin } from '../api/login';
import { CaptchaImage } from './captcha-image';
import { TextField } from './text-field';

type Field = 'username' | 'password' | 'code';

interface LoginFormProps {
  captchaEnabled: boolean;
}

/**
 * User name, password and (when enabled) the verification code. Success stores the
 * sign-in flag; the login route's guard then moves on to home (or where the visitor was
 * going). Failures are toasted by the API client (spec §8).
 */
export function LoginForm({ captchaEnabled }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', code: '' });
  const [missing, setMissing] = useState<ReadonlySet<Field>>(new Set());
  const [captchaStamp, setCaptchaStamp] = useState(() => Date.now());

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (value) setMissing((m) => (m.has(field) ? new Set([...m].filter((f) => f !== field)) : m));
  };

  const refreshCaptcha = () => {
    setCaptchaStamp(Date.now());
    setValues((v) => ({ ...v, code: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const required: Field[] = captchaEnabled ? ['username', 'password', 'code'] : ['username', 'password'];
    const empty = new Set(required.filter((field) => !values[field].trim()));
    setMissing(empty);
    if (empty.size > 0 || login.isPending) return;
    const username = values.username.trim();
    login.mutate(
      { username, password: values.password, ...(captchaEnabled ? { code: values.code.trim() } : {}) },
      {
        onSuccess: (result) => {
          setPasswordUnsafeFlag(result.passwordUnsafe);
          // A previous user's info must not leak into this session.
          queryClient.removeQueries({ queryKey: sessionUserQueryKey });
          markSignedIn(username);
        },
        onError: (error) => {
          // A code is spent by every attempt; after a wrong one (60008) the image must change.
          if (captchaEnabled) refreshCaptcha();
          if (error instanceof ApiError && error.code === CODES.loginFailed) setValues((v) => ({ ...v, password: '' }));
        },
      },
    );
  };

  // A field's input: its value and change, and its missing state, tied to the message fieldError shows.
  const bound = (field: Field, id: string = field) => ({
    id,
    name: field,
    value: values[field],
    onChange: change(field),
    invalid: missing.has(field),
    'aria-describedby': missing.has(field) ? `${field}-error` : undefined,
  });

  const fieldError = (field: Field, text: string) =>
    missing.has(field) ? (
      <div className="login-form__error" role="alert" id={`${field}-error`}>
        {text}
      </div>
    ) : null;

  // A field as the form shows it: its label, its input, and what it needs when it was left empty.
  const labelled = (field: Field, label: string, required: string, input: ReactNode, id: string = field) => (
    <>
      <label className="login-form__label" htmlFor={id}>
        {label}
      </label>
      {input}
      {fieldError(field, required)}
    </>
  );

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      {labelled(
        'username',
        t('auth.login.username'),
        t('auth.login.usernameRequired'),
        <TextField icon={UserOutlined} autoComplete="username" placeholder={t('auth.login.usernamePlaceholder')} {...bound('username')} maxLength={PASSWORD_INPUT_MAX} autoFocus />,
      )}

      {labelled(
        'password',
        t('auth.login.password'),
        t('auth.login.passwordRequired'),
        <TextField icon={LockOutlined} type="password" autoComplete="current-password" placeholder={t('auth.login.passwordPlaceholder')} {...bound('password')} maxLength={PASSWORD_INPUT_MAX} />,
      )}

      {captchaEnabled
        ? labelled(
            'code',
            t('auth.login.captcha'),
            t('auth.login.captchaRequired'),
            <div className="login-form__captcha">
              <TextField icon={SafetyOutlined} autoComplete="off" inputMode="text" placeholder={t('auth.login.captchaPlaceholder')} {...bound('code', 'captcha')} maxLength={16} />
              <CaptchaImage stamp={captchaStamp} onRefresh={refreshCaptcha} />
            </div>,
            'captcha',
          )
        : null}

      <button
        type="submit"
        className="plain-control plain-button plain-button--primary plain-button--large plain-button--block login-form__submit"
        disabled={login.isPending}
        aria-busy={login.isPending}
      >
        {t('auth.login.submit')}
      </button>
    </form>
  );
}
