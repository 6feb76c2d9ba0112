import { useTranslation } from 'react-i18next';
import { STRENGTH_COLOURS, passwordProblems, passwordStrength, type StrengthLevel } from '@ullage/domain/password';
import type { MessageKey } from '../../../i18n/message-key';
import { PASSWORD_PROBLEM_MESSAGES } from '../password-messages';
import './password-strength-meter.css';

const LABELS: Record<StrengthLevel, MessageKey> = {
  0: 'account.password.strength.none',
  1: 'account.password.strength.weak',
  2: 'account.password.strength.medium',
  3: 'account.password.strength.strong',
  4: 'account.password.strength.veryStrong',
};

/**
 * Spec §5: strength is the number of character classes; 1 red, 2 blue, 3 green with the
 * missing class named (the field shows the error too), 4 passes.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const level = passwordStrength(password);
  const colour = STRENGTH_COLOURS[level];
  const missingClass = passwordProblems(password).find((problem) => problem.startsWith('missing.'));
  return (
    <div className="strength-meter" data-testid="password-strength" data-level={level} aria-live="polite">
      <div className="strength-meter__segments" aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} style={{ background: segment <= level ? colour : undefined }} />
        ))}
      </div>
      <span className="strength-meter__label" style={{ color: colour }}>
        {t(LABELS[level])}
      </span>
      {level === 3 && missingClass ? (
        <div className="strength-meter__hint">{t(PASSWORD_PROBLEM_MESSAGES[missingClass])}</div>
      ) : null}
    </div>
  );
}
