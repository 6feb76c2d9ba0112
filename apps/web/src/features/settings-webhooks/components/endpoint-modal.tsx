import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointRow } from '@ullage/contracts/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@ullage/domain/webhook-events';
import { FormModal } from '../../../components/list-page/form-modal';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { toastSuccess } from '../../../lib/feedback';
import { useSaveEndpoint } from '../api/endpoints';
import { eventText } from './event-names';
import { validValues } from '../../../components/list-page/valid-values';

interface Values {
  url: string;
  description?: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/**
 * Adds an endpoint (`editing` null) or edits one. The server checks the URL beyond its form
 * (scheme, credentials, where its host resolves): its refusal lands on the URL field. A new
 * endpoint's secret goes to `onSecret`, to be shown once.
 */
export function EndpointModal({ open, editing, onClose, onSecret }: { open: boolean; editing: WebhookEndpointRow | null; onClose: () => void; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveEndpoint();
  const { required, max } = useFormRules();
  useResetOnOpen(form, open, () => (editing ? { url: editing.url, description: editing.description, events: editing.events as WebhookEventType[], enabled: editing.enabled } : { events: [], enabled: true }), [editing]);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    save.mutate(
      { id: editing?.id ?? null, input: { url: values.url.trim(), description: values.description?.trim() ?? '', events: values.events, enabled: values.enabled } },
      {
        onSuccess: (saved) => {
          toastSuccess(t('common.result.settingSaved'));
          onClose();
          if ('secret' in saved) onSecret(saved.secret);
        },
        onError: (error) => showRefusalOnForm(form, error, { known: ['url', 'description', 'events', 'enabled'] }),
      },
    );
  };

  return (
    <FormModal entity="webhook" form={form} open={open} title={t(editing ? 'webhooks.edit' : 'webhooks.create')} width={640} pending={save.isPending} submit={submit} onClose={onClose}>
      <Form.Item name="url" label={t('webhooks.field.url')} extra={t('webhooks.field.urlHint')} rules={[required('webhooks.field.urlRequired'), max(2000)]}>
        <Input dir="ltr" maxLength={2000} placeholder="https://" data-testid="webhook-url" />
      </Form.Item>
      <Form.Item name="description" label={t('webhooks.field.description')} rules={[max(200)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="events" label={t('webhooks.field.events')} rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.field.eventsRequired') }]}>
        <Checkbox.Group className="webhooks__events" data-testid="webhook-events">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type}>
              {t(eventText(type)!)} <code dir="ltr">{type}</code>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="enabled" label={t('webhooks.field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
