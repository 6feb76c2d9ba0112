import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from './antd-provider';

/** antd's full-screen Spin with the localised text (spec §7). */
export function LoadingSpin() {
  const { t } = useTranslation();
  return (
    <AntdProvider>
      <Spin fullscreen spinning description={t('common.loading')} />
    </AntdProvider>
  );
}
