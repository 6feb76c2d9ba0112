import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client';

interface CaptchaImageProps {
  /** Changing it fetches a new image (and a new code bound to the visitor's cookie). */
  stamp: number;
  onRefresh: () => void;
}

/** GET /api/login/captcha as an image; a click asks for a new one. */
export function CaptchaImage({ stamp, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha-image" onClick={onRefresh} title={t('auth.login.captchaRefresh')}>
      <img src={apiUrl('/api/login/captcha', { t: stamp })} alt={t('auth.login.captchaAlt')} width={120} height={40} />
    </button>
  );
}
