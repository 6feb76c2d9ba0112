import { useMemo } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { OrgNode } from '@ullage/contracts/auth';
import type { AccountInput, AccountRow } from '@ullage/contracts/settings-more';
import { optionMatches } from '../../../lib/org-options';
import { FormModal } from '../../../components/list-page/form-modal';
import { useEntitySave } from '../../../components/list-page/use-entity-save';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { optionalText } from '../../../lib/settings-validators';
import { useCreateAccount } from '../api/create-account';
import { useUpdateAccount } from '../api/update-account';
import { passwordProblem, usernameProblem } from '../field-rules';
import { accountTypeKey, unitKindOf, unitOptions } from '../unit-options';
import './settings-more.css';

interface Values {
  username: string;
  nickname: string;
  password?: string;
  accountType?: AccountInput['accountType'];
  unitId?: number;
  email?: string;
  casUser?: string;
}

export const ACCOUNT_FIELDS = ['username', 'nickname', 'password', 'accountType', 'unitId', 'email', 'casUser'] as const;

interface AccountFormModalProps {
  open: boolean;
  row: AccountRow | null;
  tree: readonly OrgNode[];
  treeLoading: boolean;
  /** The account types the signed-in account may give. */
  accountTypes: AccountInput['accountType'][];
  onClose: () => void;
}

function valuesOf(row: AccountRow | null, accountTypes: AccountInput['accountType'][]): Partial<Values> {
  if (!row) return { accountType: accountTypes[accountTypes.length > 1 ? 1 : 0] ?? 2 };
  return {
    username: row.username,
    nickname: row.nickname,
    accountType: ([1, 2, 3, 4] as const).find((type) => type === row.accountType),
    unitId: row.unitId ?? undefined,
    email: row.email ?? '',
    casUser: row.casUser ?? '',
  };
}

function inputOf(values: Values, creating: boolean): AccountInput {
  return {
    username: values.username.trim(),
    nickname: values.nickname.trim(),
    ...(creating ? { password: values.password ?? '' } : {}),
    accountType: values.accountType ?? 2,
    unitId: values.unitId ?? 0,
    email: optionalText(values.email),
    casUser: optionalText(values.casUser),
  };
}

/** Create or edit an account (spec §3, §5): user name ≥ 5, password ≥ 8 on create, type and unit. */
export function AccountFormModal({ open, row, tree, treeLoading, accountTypes, onClose }: AccountFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const accountType = Form.useWatch('accountType', form);
  const kind = unitKindOf(accountType);
  const units = useMemo(() => unitOptions(tree, kind), [tree, kind]);

  useResetOnOpen(form, open, () => valuesOf(row, accountTypes), [row, accountTypes]);

  const { max } = useFormRules();

  const { submit, pending } = useEntitySave({
    form,
    row,
    create: useCreateAccount(),
    update: useUpdateAccount(),
    bodyOf: (values: Values) => inputOf(values, !row),
    refusal: { known: ACCOUNT_FIELDS, conflictField: 'username', conflictFallback: t('common.error.usernameExists') },
    onClose,
  });

  const unitLabel = kind === 'distributor' ? t('settingsMore.account.unitDistributor') : kind === 'station' ? t('settingsMore.account.unitStation') : t('settingsMore.account.unitCompany');

  return (
    <FormModal
      entity="account"
      form={form}
      open={open}
      title={row ? t('settingsMore.account.edit') : t('settingsMore.account.create')}
      width={720}
      pending={pending}
      submit={submit}
      onClose={onClose}
    >
      <div className="more-form__grid">
        <Form.Item
          name="username"
          label={t('settingsMore.account.username')}
          rules={[
            max(50),
            {
              validator: async (_, value: string | undefined) => {
                const key = usernameProblem(value);
                if (key) throw new Error(t(key));
              },
            },
          ]}
          required
        >
          <Input maxLength={50} autoComplete="off" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('settingsMore.account.nickname')}
          rules={[{ required: true, whitespace: true, message: t('settingsMore.account.nicknameRequired') }, max(50)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        {row ? null : (
          <Form.Item
            name="password"
            label={t('settingsMore.account.password')}
            required
            rules={[
              max(255),
              {
                validator: async (_, value: string | undefined) => {
                  const key = passwordProblem(value);
                  if (key) throw new Error(t(key));
                },
              },
            ]}
          >
            <Input.Password maxLength={255} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="accountType" label={t('settingsMore.account.accountType')} rules={[{ required: true, message: t('settingsMore.account.accountTypeRequired') }]}>
          <Select
            options={accountTypes.map((type) => ({ value: type, label: t(accountTypeKey(type)!) }))}
            onChange={() => form.setFieldValue('unitId', undefined)}
          />
        </Form.Item>
        <Form.Item name="unitId" label={unitLabel} rules={[{ required: true, message: t('settingsMore.account.unitRequired') }]}>
          <Select
            options={units.map((unit) => ({ value: unit.value, label: unit.label, title: unit.path }))}
            loading={treeLoading}
            disabled={!kind}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsMore.account.unitPlaceholder')}
            optionRender={(option) => (
              <span className="list-page__stack">
                <bdi>{option.label}</bdi>
                {option.data.title ? <span className="list-page__muted">{option.data.title}</span> : null}
              </span>
            )}
          />
        </Form.Item>
        <Form.Item name="email" label={t('settingsMore.account.email')} rules={[{ type: 'email', message: t('settingsMore.account.emailInvalid') }, max(255)]}>
          <Input maxLength={255} inputMode="email" dir="ltr" />
        </Form.Item>
        <Form.Item name="casUser" label={t('settingsMore.account.casUser')} rules={[max(255)]}>
          <Input maxLength={255} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
