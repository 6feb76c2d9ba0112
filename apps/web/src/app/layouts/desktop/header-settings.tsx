import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import { useTranslation } from 'react-i18next';

/**
 * Alarm-notice settings and e-mail settings (spec §2 top bar). Their dialogs come with the
 * alarms work; until then the icons are present but disabled, named by their tooltip.
 */
export function HeaderSettings() {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('layout.header.alarmNoticeSettings')}>
        {/* A disabled button fires no mouse events; the span carries the tooltip. */}
        <span className="header-icon" data-testid="alarm-notice-settings">
          <Button type="text" icon={<BellOutlined />} disabled aria-label={t('layout.header.alarmNoticeSettings')} />
        </span>
      </Tooltip>
      <Tooltip title={t('layout.header.mailSettings')}>
        <span className="header-icon" data-testid="mail-settings">
          <Button type="text" icon={<MailOutlined />} disabled aria-label={t('layout.header.mailSettings')} />
        </span>
      </Tooltip>
    </>
  );
}
