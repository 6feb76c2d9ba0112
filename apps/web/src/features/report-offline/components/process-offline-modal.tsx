import { useEffect } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import type { OfflineRow } from '@ullage/contracts/offline-records';
import { OFFLINE_CONTENT_MAX, OFFLINE_HANDLER_MAX, OFFLINE_TYPES, type OfflineType } from '@ullage/domain/offline-processing';
import { toastSuccess } from '../../../lib/feedback';
import { stationDateTime } from '../../../lib/station-time';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { useProcessOffline } from '../api/offline-records';
import { offlineTypeLabel } from '../offline-types';
import './process-offline-modal.css';
import { validValues } from '../../../components/list-page/valid-values';

interface ProcessOfflineModalProps {
  /** The records to process; the modal is open while there are any. */
  records: OfflineRow[];
  /** Proposed as the handler: usually the person filling the form dealt with it. */
  defaultHandler: string;
  onClose: (processed: boolean) => void;
}

interface Values {
  handler: string;
  type: OfflineType | undefined;
  content: string;
}

/** Processes offline records (spec §4, §5): the handler, the type and what was done are required. */
export function ProcessOfflineModal({ records, defaultHandler, onClose }: ProcessOfflineModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const process = useProcessOffline();
  const open = records.length > 0;
  const missing = t('common.placeholder.missing');

  useEffect(() => {
    if (open) form.setFieldsValue({ handler: defaultHandler, type: undefined, content: '' });
  }, [open, form, defaultHandler]);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const ids = records.map((r) => r.id);
    process.mutate(
      { ids, handler: values.handler.trim(), type: values.type ?? '', content: values.content.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('report.offline.process.done', { count: ids.length }));
          onClose(true);
        },
        onError: (error) => showRefusalOnForm(form, error, { known: ['handler', 'type', 'content'] }),
      },
    );
  };

  const maxLength = (max: number) => ({ max, message: t('common.rule.maxLength', { count: max }) });
  return (
    <Modal
      open={open}
      title={records.length > 1 ? t('report.offline.process.titleMany', { count: records.length }) : t('report.offline.process.title')}
      okText={t('report.offline.process.submit')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={process.isPending}
      okButtonProps={{ 'data-testid': 'offline-process-submit' }}
      forceRender
      mask={{ closable: false }}
    >
      <ul className="offline-process__records" data-testid="offline-process-records">
        {records.slice(0, 5).map((r) => (
          <li key={r.id}>
            <bdi>{r.stationName}</bdi>{' '}
            <span dir="ltr">
              {stationDateTime(r.startedAt, r.timezone) ?? missing} → {r.endedAt ? (stationDateTime(r.endedAt, r.timezone) ?? missing) : t('report.offline.ongoing')}
            </span>
          </li>
        ))}
        {records.length > 5 ? <li>{t('report.offline.process.more', { count: records.length - 5 })}</li> : null}
      </ul>
      <Form form={form} name="offline-process" layout="vertical" autoComplete="off" requiredMark onFinish={() => void submit()}>
        <Form.Item
          name="handler"
          label={t('report.offline.process.handler')}
          rules={[{ required: true, whitespace: true, message: t('report.offline.process.handlerRequired') }, maxLength(OFFLINE_HANDLER_MAX)]}
        >
          <Input maxLength={OFFLINE_HANDLER_MAX} placeholder={t('report.offline.process.handlerPlaceholder')} data-testid="offline-process-handler" />
        </Form.Item>
        <Form.Item name="type" label={t('report.offline.process.type')} rules={[{ required: true, message: t('report.offline.process.typeRequired') }]}>
          <Radio.Group className="offline-process__types" data-testid="offline-process-type">
            {OFFLINE_TYPES.map((type) => (
              <Radio key={type} value={type} data-testid={`offline-process-type-${type}`}>
                {offlineTypeLabel(t, type)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="content"
          label={t('report.offline.process.content')}
          rules={[{ required: true, whitespace: true, message: t('report.offline.process.contentRequired') }, maxLength(OFFLINE_CONTENT_MAX)]}
        >
          <Input.TextArea rows={4} maxLength={OFFLINE_CONTENT_MAX} showCount placeholder={t('report.offline.process.contentPlaceholder')} data-testid="offline-process-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
