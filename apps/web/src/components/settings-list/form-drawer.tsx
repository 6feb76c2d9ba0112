import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import type { FormInstance, FormProps } from 'antd/es/form';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';

interface FormDrawerProps<V> {
  /** The form's name and the prefix of the test ids: `<entity>-form`, `<entity>-submit`. */
  entity: string;
  form: FormInstance<V>;
  open: boolean;
  title: string;
  size: number | string;
  pending: boolean;
  submit: () => Promise<void>;
  onClose: () => void;
  /** While the record loads: a spinner over the form, and save waits. Absent: no spinner. */
  loading?: boolean;
  scrollToFirstError?: FormProps<V>['scrollToFirstError'];
  children: ReactNode;
}

/**
 * The create/edit drawer of a settings list, for the forms too large for a dialog: cancel and
 * save at its top. Rendered while closed (forceRender) so the form instance is connected before
 * the first open; a click outside does not lose the edits. Enter in a field does not save.
 */
export function FormDrawer<V>({ entity, form, open, title, size, pending, submit, onClose, loading, scrollToFirstError, children }: FormDrawerProps<V>) {
  const { t } = useTranslation();
  const body = (
    <Form form={form} name={entity} layout="vertical" autoComplete="off" data-testid={`${entity}-form`} scrollToFirstError={scrollToFirstError}>
      {children}
    </Form>
  );
  return (
    <Drawer
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      forceRender
      maskClosable={false}
      extra={
        <span className="list-page__row-actions">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={pending} disabled={loading} onClick={() => void submit()} data-testid={`${entity}-submit`}>
            {t('common.action.save')}
          </Button>
        </span>
      }
    >
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Drawer>
  );
}
