import { useState } from 'react';
import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { CODES } from '@ullage/contracts/codes';
import { MAIL_ADDRESS_MAX, mailAddressProblem } from '@ullage/domain/mail-address';
import { fieldErrorsFromRefusal } from '../../../components/list-page/field-errors';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { ERROR_TOAST_MS } from '../../../lib/response-outcome';
import { useMailAddress } from '../api/get-mail-address';
import { useUpdateMailAddress } from '../api/update-mail-address';
import { MAIL_ADDRESS_PROBLEM_MESSAGES } from '../mail-address-messages';
import './mail-address-dialog.css';

interface MailAddressDialogProps {
  open: boolean;
  onClose: () => void;
}

interface Values {
  mailAddress: string;
}

/**
 * The top bar's e-mail setting: the signed-in user's own mail address, where alarm
 * notification e-mails go. Checked by the domain rule here and again by the server; an empty
 * field removes the address.
 */
export function MailAddressDialog({ open, onClose }: MailAddressDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = useMailAddress(open);
  const update = useUpdateMailAddress();
  // The answer the form started from in this opening: a later refetch must not overwrite typing.
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
  if (open && startedFrom === null && current.isSuccess && !current.isFetching) setStartedFrom(current.dataUpdatedAt);

  const rules: Rule[] = [
    {
      validator: async (_, value: string | undefined) => {
        const problem = mailAddressProblem(value);
        if (problem) throw new Error(t(MAIL_ADDRESS_PROBLEM_MESSAGES[problem], { count: MAIL_ADDRESS_MAX }));
      },
    },
  ];

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the field shows what is wrong
    }
    update.mutate(
      { mailAddress: values.mailAddress ?? '' },
      {
        onSuccess: () => {
          toastSuccess(t('common.result.settingSaved'));
          onClose();
        },
        onError: (error) => {
          // 30001 ends the session in the API client; there is nothing left to set.
          if (error instanceof ApiError && error.code === CODES.sessionInvalid) return;
          const reasons = error instanceof ApiError ? fieldErrorsFromRefusal(error, { known: ['mailAddress'] }).flatMap((entry) => entry.errors) : [];
          if (reasons.length) form.setFields([{ name: 'mailAddress', errors: reasons }]);
          toastError(error.message ? t('mailAddress.failed', { reason: error.message }) : t('common.result.settingFailed'), ERROR_TOAST_MS);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('layout.header.mailSettings')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: startedFrom === null, 'data-testid': 'mail-address-submit' }}
      afterOpenChange={(visible) => {
        if (!visible) setStartedFrom(null);
      }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="mail-address-dialog">
        {startedFrom === null ? (
          <div className="mail-address-dialog__loading">
            <Spin />
          </div>
        ) : (
          <Form
            key={startedFrom}
            form={form}
            name="mail-address"
            layout="vertical"
            autoComplete="off"
            initialValues={{ mailAddress: current.data?.mailAddress ?? '' }}
            onFinish={() => void save()}
            data-testid="mail-address-form"
          >
            <Form.Item
              name="mailAddress"
              label={t('mailAddress.label')}
              rules={rules}
              validateDebounce={300}
              extra={<p className="mail-address-dialog__hint">{t('mailAddress.hint')}</p>}
            >
              <Input
                data-testid="mail-address-input"
                inputMode="email"
                autoComplete="email"
                dir="ltr"
                classNames={{ input: 'mail-address-dialog__address' }}
                placeholder={t('mailAddress.placeholder')}
                allowClear
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
