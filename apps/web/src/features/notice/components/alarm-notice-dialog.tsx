import { useState } from 'react';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { DataTable } from '../../../components/data-table/data-table';
import { SectionHead } from '../../../components/section-head';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { NoticeEntry } from '@ullage/domain/notice-settings';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { useSessionUser } from '../../../lib/session-user';
import { alarmNameKey } from '../../../lib/alarm-names';
import { useEditNoticeSettings } from '../api/edit-notice-settings';
import { useNoticeSettings } from '../api/list-notice-settings';
import { ThisDevicePush } from '../push/this-device-push';
import {
  applyCheckAll,
  buildEditPayload,
  checkAllState,
  entriesOfType,
  formFromRows,
  mailFrequencyInvalid,
  setChannel,
  type Channel,
  type CheckAllTarget,
  type NoticeForm,
  type NoticeType,
} from '../notice-state';
import './alarm-notice.css';

interface AlarmNoticeDialogProps {
  open: boolean;
  onClose: () => void;
}

const KIND: Record<NoticeType, 'level' | 'leak'> = { 1: 'level', 2: 'leak' };
/** Each channel's column: its test id and its label's key. */
const CHANNEL = { byEmail: { id: 'email', label: 'notice.channel.email' }, byAlert: { id: 'alert', label: 'notice.channel.alert' }, byPush: { id: 'push', label: 'push.channel' } } as const;

/** Spec §3–§5: the signed-in user's alarm notification channels per code, and the mail reminder frequency. */
export function AlarmNoticeDialog({ open, onClose }: AlarmNoticeDialogProps) {
  const { t } = useTranslation();
  const session = useSessionUser();
  const userId = session.data?.userId;
  const hasMail = Boolean(session.data?.mailAddress?.trim());
  const settings = useNoticeSettings(userId, open);
  const edit = useEditNoticeSettings();
  const [draft, setDraft] = useState<NoticeForm | null>(null);
  const [loadedAt, setLoadedAt] = useState(0);
  const [touched, setTouched] = useState(false);

  // A fresh answer (or a reopening) starts the form over from what the server holds.
  if (open && settings.data && settings.dataUpdatedAt !== loadedAt) {
    setLoadedAt(settings.dataUpdatedAt);
    setDraft(formFromRows(settings.data, hasMail));
    setTouched(false);
  }
  if (!open && loadedAt !== 0) setLoadedAt(0);

  const frequencyInvalid = draft !== null && mailFrequencyInvalid(draft.mailSendFrq);
  const showWarning = frequencyInvalid && touched;

  const save = () => {
    if (!draft || typeof userId !== 'number') return;
    if (frequencyInvalid) {
      setTouched(true);
      return;
    }
    edit.mutate(buildEditPayload(userId, draft, hasMail), {
      onSuccess: (ok) => {
        if (ok) {
          toastSuccess(t('common.result.settingSaved'));
          onClose();
        } else toastError(t('common.result.settingFailed'), 3000);
      },
    });
  };

  const codeName = (type: NoticeType, remark: number) => {
    const key = alarmNameKey(KIND[type], remark);
    return key ? t(key) : String(remark);
  };

  const update = (change: (entries: NoticeEntry[]) => NoticeEntry[]) => setDraft((d) => (d ? { ...d, entries: change(d.entries) } : d));

  const checkAll = (type: NoticeType, target: CheckAllTarget, label: string, testId: string) => {
    const state = draft ? checkAllState(draft.entries, type, target, hasMail) : { checked: false, indeterminate: false, disabled: true };
    return (
      <Checkbox
        checked={state.checked}
        indeterminate={state.indeterminate}
        disabled={state.disabled}
        data-testid={testId}
        onChange={(e) => update((entries) => applyCheckAll(entries, type, target, e.target.checked, hasMail))}
      >
        {label}
      </Checkbox>
    );
  };

  const columns = (type: NoticeType): ColumnsType<NoticeEntry> => {
    const box = (channel: Channel) => (entry: NoticeEntry) => (
      <Checkbox
        checked={entry[channel] === 1}
        disabled={channel === 'byEmail' && !hasMail}
        aria-label={`${codeName(type, entry.remark)}: ${t(CHANNEL[channel].label)}`}
        data-testid={`notice-${KIND[type]}-${entry.remark}-${CHANNEL[channel].id}`}
        onChange={(e) => update((entries) => setChannel(entries, type, entry.remark, channel, e.target.checked, hasMail))}
      />
    );
    return [
      {
        key: 'code',
        title: t('notice.column.alarm'),
        render: (_, entry) => codeName(type, entry.remark),
      },
      ...(['byEmail', 'byAlert', 'byPush'] as const).map((channel) => ({
        key: CHANNEL[channel].id,
        width: '22%',
        title: checkAll(type, channel, t(CHANNEL[channel].label), `notice-${KIND[type]}-all-${CHANNEL[channel].id}`),
        render: (_: unknown, entry: NoticeEntry) => box(channel)(entry),
      })),
    ];
  };

  const section = (type: NoticeType) => (
    <section className="notice-section" data-testid={`notice-section-${KIND[type]}`}>
      <SectionHead title={t(`monitor.alarm.kind.${KIND[type]}`)}>
        {checkAll(type, 'both', t('notice.selectAll'), `notice-${KIND[type]}-all`)}
      </SectionHead>
      <DataTable<NoticeEntry>
        size="small"
        rowKey="remark"
        pagination={false}
        columns={columns(type)}
        dataSource={draft ? entriesOfType(draft.entries, type) : []}
        scroll={{ y: 220 }}
      />
    </section>
  );

  return (
    <Modal
      open={open}
      title={t('layout.header.alarmNoticeSettings')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      okButtonProps={{ disabled: !draft, 'data-testid': 'notice-submit' }}
      width={640}
      mask={{ closable: false }}
    >
      <div className="notice-dialog" data-testid="alarm-notice-dialog">
        {!draft ? (
          <div className="notice-dialog__loading">
            <Spin />
          </div>
        ) : (
          <>
            <div className="notice-frequency">
              <label className="notice-frequency__label" htmlFor="notice-mail-frequency">
                {t('notice.mailFrequency')}
              </label>
              <Input
                id="notice-mail-frequency"
                data-testid="notice-mail-frequency"
                className="notice-frequency__input"
                value={draft.mailSendFrq}
                maxLength={4}
                inputMode="numeric"
                dir="ltr"
                status={showWarning ? 'warning' : undefined}
                suffix={t('notice.minutes')}
                onChange={(e) => {
                  setTouched(true);
                  const mailSendFrq = e.target.value;
                  setDraft((d) => (d ? { ...d, mailSendFrq } : d));
                }}
              />
              {showWarning ? (
                <div className="notice-frequency__warning" role="alert" data-testid="notice-frequency-warning">
                  {t('notice.mailFrequencyInvalid')}
                </div>
              ) : null}
            </div>
            {hasMail ? null : <Alert className="notice-dialog__hint" type="info" showIcon title={t('notice.noMailAddress')} data-testid="notice-no-mail" />}
            {section(1)}
            {section(2)}
            <ThisDevicePush open={open} />
          </>
        )}
      </div>
    </Modal>
  );
}
