import { Link } from 'react-router';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@ullage/domain/languages';
import { useMobileShell } from '../../../app/layouts/mobile/mobile-shell-context';
import { chooseLanguage } from '../../../i18n/document-language';
import { activeLanguage } from '../../../i18n/i18n';
import { HTML_LANG, LANGUAGE_NAMES } from '../../../i18n/language-names';
import { manualHref } from '../../manual/manual-address';
import type { MessageKey } from '../../../i18n/message-key';
import { useSessionUser } from '../../../lib/session-user';
import { LazyMailAddressDialog } from '../../mail-address/lazy-mail-address-dialog';
import { LazyAlarmNoticeDialog } from '../../notice/lazy-alarm-notice-dialog';
import { MobilePage } from '../../../components/mobile/mobile-page';

/**
 * The phone versions of the desktop reports, in the side menu's order; each desktop report
 * route also leads a phone to its own by itself (spec §2).
 */
const PHONE_REPORTS: readonly { path: string; titleKey: MessageKey }[] = [
  { path: '/abnormal_can_phone', titleKey: 'route.title.abnormal_can' },
  { path: '/Monthly_phone', titleKey: 'route.title.Monthly' },
  { path: '/alarm_record_phone', titleKey: 'route.title.alarm_record' },
  { path: '/offline_record_phone', titleKey: 'route.title.offline_record' },
  { path: '/leak_test_phone', titleKey: 'route.title.leak_test' },
  { path: '/reconciliation_phone', titleKey: 'route.title.reconciliation' },
  { path: '/history_can_save_phone', titleKey: 'route.title.history_can_save' },
  { path: '/delivery_phone', titleKey: 'route.title.delivery' },
  { path: '/open_close_report_phone', titleKey: 'route.title.open_close_report' },
  { path: '/alarm_report_phone', titleKey: 'route.title.alarm_report' },
  { path: '/leak_report_phone', titleKey: 'route.title.leak_alarm' },
];

interface RowProps {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  /** A page of the app. */
  to?: string;
  /** A page opened in a new tab (the manual). */
  href?: string;
  testId: string;
  end?: ReactNode;
}

interface GroupProps {
  /** The heading's id; the section (and the language choice, a radio group) is named by it. */
  id: string;
  title: string;
  /** Attributes of the card that holds the rows (the language list is a radio group). */
  rows?: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };
  children: ReactNode;
}

/** One titled group of the page: a heading, then its rows in one card. */
function Group({ id, title, rows, children }: GroupProps) {
  return (
    <section className="m-group" aria-labelledby={id}>
      <h2 id={id} className="m-section__title">
        {title}
      </h2>
      <div className="m-card m-card--rows" {...rows}>
        {children}
      </div>
    </section>
  );
}

function Row({ icon, label, onClick, to, href, testId, end }: RowProps) {
  const content = (
    <>
      <span className="m-row__icon" aria-hidden>
        {icon}
      </span>
      <span className="m-row__label">{label}</span>
      {end ?? <RightOutlined className="m-card__chevron" aria-hidden />}
    </>
  );
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener" className="m-row" data-testid={testId}>
        {content}
      </a>
    );
  }
  return to ? (
    <Link to={to} className="m-row" data-testid={testId}>
      {content}
    </Link>
  ) : (
    <button type="button" className="m-row" onClick={onClick} data-testid={testId}>
      {content}
    </button>
  );
}

/** /setting (spec §2 mobile routes): language, notifications, password, the manual, reports, log out. */
export function Page() {
  const { t } = useTranslation();
  const shell = useMobileShell();
  const { data: user } = useSessionUser();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const current = activeLanguage();
  const name = user ? user.nickname || user.username : '';
  return (
    <MobilePage testId="mobile-setting">
      {user ? (
        <section className="m-card m-user" data-testid="setting-user">
          <Avatar size={48} src={user.photo ?? undefined} icon={<UserOutlined />} alt="" />
          <div>
            <h2 className="m-card__title">
              <bdi>{name}</bdi>
            </h2>
            <p className="m-card__subtitle">
              <bdi>{user.username}</bdi> · {t(`settingsMore.accountType.${user.accountType}` as MessageKey, { defaultValue: '' })}
            </p>
          </div>
        </section>
      ) : null}

      <Group id="setting-language" title={t('common.language.pick')} rows={{ role: 'radiogroup', 'aria-labelledby': 'setting-language', 'data-testid': 'setting-languages' }}>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            role="radio"
            aria-checked={code === current}
            className="m-row"
            lang={HTML_LANG[code]}
            data-lang={code}
            onClick={() => code !== current && chooseLanguage(code)}
          >
            <span className="m-row__label">{LANGUAGE_NAMES[code]}</span>
            {code === current ? <CheckOutlined className="m-row__check" aria-hidden /> : null}
          </button>
        ))}
      </Group>

      <Group id="setting-notice" title={t('mobile.setting.notifications')}>
        <Row icon={<BellOutlined />} label={t('layout.header.alarmNoticeSettings')} onClick={() => setNoticeOpen(true)} testId="setting-notice" />
        <Row icon={<MailOutlined />} label={t('layout.header.mailSettings')} onClick={() => setMailOpen(true)} testId="setting-mail" />
      </Group>

      <Group id="setting-account" title={t('mobile.setting.account')}>
        <Row icon={<LockOutlined />} label={t('layout.user.changePassword')} onClick={() => shell?.openDialog('password')} testId="setting-password" />
        <Row icon={<MobileOutlined />} label={t('mobile.setting.install')} to="/app" testId="setting-install" />
        <Row icon={<BookOutlined />} label={t('layout.user.manual')} href={manualHref(current)} testId="setting-manual" />
      </Group>

      <Group id="setting-reports" title={t('mobile.setting.reports')}>
        {PHONE_REPORTS.map((report) => (
          <Row key={report.path} icon={<FileTextOutlined />} label={t(report.titleKey)} to={report.path} testId={`setting-report-${report.path.slice(1)}`} />
        ))}
      </Group>

      <Button block danger size="large" icon={<LogoutOutlined />} onClick={() => shell?.logout()} className="m-logout" data-testid="setting-logout">
        {t('layout.user.logout')}
      </Button>

      <LazyAlarmNoticeDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <LazyMailAddressDialog open={mailOpen} onClose={() => setMailOpen(false)} />
    </MobilePage>
  );
}
