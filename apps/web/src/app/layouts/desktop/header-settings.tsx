import { useState } from 'react';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import { useTranslation } from 'react-i18next';
import { LazyMailAddressDialog } from '../../../features/mail-address/lazy-mail-address-dialog';
import { LazyAlarmNoticeDialog } from '../../../features/notice/lazy-alarm-notice-dialog';

/**
 * Alarm-notice settings and e-mail settings (spec §2 top bar). The bell opens the user's own
 * notice settings (spec §3–§5), the envelope the user's own mail address, where those
 * notices are e-mailed; each dialog is fetched on first use.
 */
export function HeaderSettings() {
  const { t } = useTranslation();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('layout.header.alarmNoticeSettings')}>
        <span className="header-icon" data-testid="alarm-notice-settings">
          <Button type="text" icon={<BellOutlined />} aria-label={t('layout.header.alarmNoticeSettings')} onClick={() => setNoticeOpen(true)} />
        </span>
      </Tooltip>
      <Tooltip title={t('layout.header.mailSettings')}>
        <span className="header-icon" data-testid="mail-settings">
          <Button type="text" icon={<MailOutlined />} aria-label={t('layout.header.mailSettings')} onClick={() => setMailOpen(true)} />
        </span>
      </Tooltip>
      <LazyAlarmNoticeDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <LazyMailAddressDialog open={mailOpen} onClose={() => setMailOpen(false)} />
    </>
  );
}
