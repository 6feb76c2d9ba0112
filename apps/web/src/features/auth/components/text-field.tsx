import { useState, type InputHTMLAttributes } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../../components/svg-icon';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  icon: IconDefinition;
  type?: 'text' | 'password';
  invalid?: boolean;
}

/**
 * An input that looks like antd's large Input, without antd: the login route keeps its
 * JavaScript small (spec budget 150 KB gzip). Passwords get a show/hide toggle.
 */
export function TextField({ icon, type = 'text', invalid = false, className, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <span className={`text-field${invalid ? ' text-field--invalid' : ''} ${className ?? ''}`}>
      <SvgIcon icon={icon} className="text-field__icon" />
      <input {...input} type={isPassword && !revealed ? 'password' : 'text'} aria-invalid={invalid} />
      {isPassword ? (
        <button
          type="button"
          className="text-field__toggle"
          onClick={() => setRevealed((r) => !r)}
          aria-label={revealed ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
          aria-pressed={revealed}
        >
          <SvgIcon icon={revealed ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      ) : null}
    </span>
  );
}
