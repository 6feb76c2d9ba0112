import { useState } from 'react';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import { useTranslation } from 'react-i18next';
import { LazyAlarmNoticeDialog } from '../../../features/notice/lazy-alarm-notice-dialog';

/**
 * Alarm-notice settings and e-mail settings (spec §2 top bar). The bell opens the user's own
 * notice settings (spec §3–§5), its dialog fetched on first use; the e-mail settings icon is
 * present but disabled, named by its tooltip.
 */
export function HeaderSettings() {
  const { t } = useTranslation();
  const [noticeOpen, setNoticeOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('layout.header.alarmNoticeSettings')}>
        <span className="header-icon" data-testid="alarm-notice-settings">
          <Button type="text" icon={<BellOutlined />} aria-label={t('layout.header.alarmNoticeSettings')} onClick={() => setNoticeOpen(true)} />
        </span>
      </Tooltip>
      <Tooltip title={t('layout.header.mailSettings')}>
        {/* A disabled button fires no mouse events; the span carries the tooltip. */}
        <span className="header-icon" data-testid="mail-settings">
          <Button type="text" icon={<MailOutlined />} disabled aria-label={t('layout.header.mailSettings')} />
        </span>
      </Tooltip>
      <LazyAlarmNoticeDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} />
    </>
  );
}
