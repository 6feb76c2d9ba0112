import type { ReactNode } from 'react';
import Form from 'antd/es/form';
import type { FormInstance, FormProps } from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';

interface FormModalProps<V> {
  /** The form's name and the prefix of the test ids: `<entity>-form`, `<entity>-submit`. */
  entity: string;
  form: FormInstance<V>;
  open: boolean;
  title: string;
  width?: number;
  pending: boolean;
  submit: () => Promise<void>;
  onClose: () => void;
  /** Whether Enter in a field saves (the area form never did). */
  submitOnEnter?: boolean;
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
}

/**
 * The create/edit dialog of a settings list. It is rendered while closed (forceRender) so the
 * form instance is connected before the first open, and a click outside does not lose the edits.
 */
export function FormModal<V>({ entity, form, open, title, width, pending, submit, onClose, submitOnEnter = true, onValuesChange, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': `${entity}-submit` }}
      width={width}
      forceRender
      destroyOnHidden={false}
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name={entity}
        layout="vertical"
        autoComplete="off"
        data-testid={`${entity}-form`}
        onFinish={submitOnEnter ? () => void submit() : undefined}
        onValuesChange={onValuesChange}
      >
        {children}
      </Form>
    </Modal>
  );
}
