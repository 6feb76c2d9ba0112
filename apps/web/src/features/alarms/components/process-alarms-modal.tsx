import { useEffect } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { MAX_ALARM_NOTE } from '@ullage/contracts/list-fields';
import { toastSuccess } from '../../../lib/feedback';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { useProcessAlarms } from '../api/process-alarms';

interface ProcessAlarmsModalProps {
  /** The alarms to process; the modal is open while there are any. */
  ids: number[];
  onClose: (processed: boolean) => void;
}

/** Marks alarms processed (spec §4): what was done is required, kept with the handler and time. */
export function ProcessAlarmsModal({ ids, onClose }: ProcessAlarmsModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const process = useProcessAlarms();
  const open = ids.length > 0;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    let values: { note: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    process.mutate(
      { ids, note: values.note.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('alarm.query.process.done', { count: ids.length }));
          onClose(true);
        },
        onError: (error) => showRefusalOnForm(form, error, { known: ['note'] }),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={ids.length > 1 ? t('alarm.query.process.titleMany', { count: ids.length }) : t('alarm.query.process.title')}
      okText={t('alarm.query.process.submit')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={process.isPending}
      okButtonProps={{ 'data-testid': 'alarm-process-submit' }}
      forceRender
      mask={{ closable: false }}
    >
      <Form form={form} name="alarm-process" layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item
          name="note"
          label={t('alarm.query.process.note')}
          rules={[
            { required: true, whitespace: true, message: t('alarm.query.process.noteRequired') },
            { max: MAX_ALARM_NOTE, message: t('common.rule.maxLength', { count: MAX_ALARM_NOTE }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={MAX_ALARM_NOTE} showCount placeholder={t('alarm.query.process.notePlaceholder')} data-testid="alarm-process-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
