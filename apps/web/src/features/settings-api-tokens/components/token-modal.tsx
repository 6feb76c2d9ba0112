import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { TOKEN_LIFETIMES_DAYS, type ApiScope } from '@ullage/domain/api-scopes';
import { FormModal } from '../../../components/list-page/form-modal';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { useCreateToken } from '../api/create-token';
import { SCOPE_TEXTS } from './scope-names';
import { validValues } from '../../../components/list-page/valid-values';

interface Values {
  name: string;
  scopes: ApiScope[];
  /** Days, or 'never'. */
  lifetime: number | 'never';
}

interface TokenModalProps {
  /** The service account the token is for; null: closed. */
  account: { id: number; name: string } | null;
  grantable: readonly ApiScope[];
  onClose: () => void;
  /** The new token, to be shown this once. */
  onMade: (token: string) => void;
}

/** A new token: its name, what it may do, how long it works. */
export function TokenModal({ account, grantable, onClose, onMade }: TokenModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateToken();
  const { required, max } = useFormRules();
  const open = account !== null;
  useResetOnOpen(form, open, (): Partial<Values> => ({ scopes: ['read'], lifetime: 90 }), [account]);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    if (!account) return;
    create.mutate(
      { serviceAccountId: account.id, input: { name: values.name.trim(), scopes: values.scopes, expiresInDays: values.lifetime === 'never' ? null : values.lifetime } },
      {
        onSuccess: ({ token }) => {
          onClose();
          onMade(token);
        },
        onError: (error) => showRefusalOnForm(form, error, { known: ['name', 'scopes'] }),
      },
    );
  };

  const lifetimes = TOKEN_LIFETIMES_DAYS.map((days) => ({ value: days ?? 'never', label: days === null ? t('apiTokens.token.never') : t('apiTokens.token.days', { count: days }) }));
  return (
    <FormModal
      entity="api-token"
      form={form}
      open={open}
      title={t('apiTokens.token.createFor', { name: account?.name ?? '' })}
      width={600}
      pending={create.isPending}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('apiTokens.token.name')} extra={t('apiTokens.token.nameHint')} rules={[required('apiTokens.token.nameRequired'), max(60)]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="scopes" label={t('apiTokens.token.scopes')} rules={[{ required: true, type: 'array', min: 1, message: t('apiTokens.token.scopesRequired') }]}>
        <Checkbox.Group className="api-tokens__scopes" data-testid="api-token-scopes">
          {grantable.map((scope) => (
            <Checkbox key={scope} value={scope}>
              <span className="api-tokens__scope-name">{t(SCOPE_TEXTS[scope].name)}</span>
              <code dir="ltr" className="api-tokens__scope-code">
                {scope}
              </code>
              <span className="api-tokens__scope-hint">{t(SCOPE_TEXTS[scope].hint)}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="lifetime" label={t('apiTokens.token.expiry')}>
        <Select options={lifetimes} style={{ maxInlineSize: 240 }} data-testid="api-token-lifetime" />
      </Form.Item>
    </FormModal>
  );
}
