import { useState } from 'react';
import Form from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { CODES } from '@ullage/contracts/codes';
import { PASSWORD_INPUT_MAX, passwordProblems } from '@ullage/domain/password';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/feedback';
import { checkPassword } from '../api/check-password';
import { useUpdatePassword } from '../api/update-password';
import { PASSWORD_PROBLEM_MESSAGES, PASSWORD_PROBLEM_ORDER } from '../password-messages';
import { PasswordStrengthMeter } from './password-strength-meter';
import './change-password-dialog.css';

interface Values {
  oldPwd: string;
  pwd: string;
  rePwd: string;
}

interface ChangePasswordDialogProps {
  open: boolean;
  userId: number;
  username: string;
  onClose: () => void;
  /** Called 2 s after a successful change: the caller logs the user out (spec §5). */
  onChanged: () => void;
}

/** Spec §8: "Modification succeeded, please log in again", then the session ends. */
export const LOGOUT_AFTER_CHANGE_MS = 2000;

/** Change password (spec §5): old one checked with the server, new one by the domain rules. */
export function ChangePasswordDialog({ open, userId, username, onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const newPassword = Form.useWatch('pwd', form) ?? '';
  const update = useUpdatePassword();
  const [finished, setFinished] = useState(false);

  const oldPasswordRules: Rule[] = [
    { required: true, message: t('account.password.oldRequired') },
    {
      validator: async (_, value: string | undefined) => {
        if (!value) return;
        let matches: boolean;
        try {
          matches = await checkPassword(username, value);
        } catch (error) {
          throw new Error(error instanceof Error ? error.message : t('common.error.requestFailed'));
        }
        if (!matches) throw new Error(t('common.error.oldPasswordWrong'));
      },
    },
  ];

  // One rule per problem, so the field lists every rule the password breaks.
  const newPasswordRules: Rule[] = PASSWORD_PROBLEM_ORDER.map((problem) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (passwordProblems(value ?? '').includes(problem)) throw new Error(t(PASSWORD_PROBLEM_MESSAGES[problem]));
    },
  }));

  const confirmRules: Rule[] = [
    { required: true, message: t('account.password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (value && value !== getFieldValue('pwd')) throw new Error(t('common.error.passwordsNotSame'));
      },
    }),
  ];

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    update.mutate(
      { userId, username, oldPwd: values.oldPwd, pwd: values.pwd, rePwd: values.rePwd },
      {
        onSuccess: () => {
          setFinished(true);
          toastSuccess(t('account.password.changed'), LOGOUT_AFTER_CHANGE_MS);
          window.setTimeout(onChanged, LOGOUT_AFTER_CHANGE_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === CODES.oldPasswordWrong) {
            form.setFields([{ name: 'oldPwd', errors: [t('common.error.oldPasswordWrong')] }]);
          }
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('account.password.title')}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: finished, 'data-testid': 'change-password-submit' }}
      afterOpenChange={(visible) => {
        if (!visible) {
          form.resetFields();
          setFinished(false);
        }
      }}
      // The form lives inside the dialog; render it with the dialog so useForm stays connected.
      forceRender
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" requiredMark autoComplete="off" data-testid="change-password-form">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Form.Item name="oldPwd" label={t('account.password.old')} rules={oldPasswordRules} validateTrigger="onBlur" hasFeedback>
          <Input.Password id="old-password" maxLength={PASSWORD_INPUT_MAX} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="pwd"
          label={t('account.password.new')}
          rules={newPasswordRules}
          required
          extra={<PasswordStrengthMeter password={newPassword} />}
        >
          <Input.Password id="new-password" maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePwd" label={t('account.password.confirm')} dependencies={['pwd']} rules={confirmRules}>
          <Input.Password id="confirm-password" maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" />
        </Form.Item>
        <p className="change-password__rules">{t('account.password.rules')}</p>
      </Form>
    </Modal>
  );
}
