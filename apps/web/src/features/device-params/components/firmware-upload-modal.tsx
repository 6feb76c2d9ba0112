import { useState } from 'react';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FirmwareUploadQuery } from '@ullage/contracts/device-commands';
import { FIRMWARE_DESCRIPTION_MAX, FIRMWARE_DEVICE_TYPES, firmwareExtension, isFirmwareVersion } from '@ullage/domain/firmware';
import { fieldErrorsFromRefusal } from '../../../components/list-page/field-errors';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { useUploadFirmware } from '../api/firmware';

interface Values {
  version: string;
  deviceType: (typeof FIRMWARE_DEVICE_TYPES)[number];
  description?: string;
  period: 'indefinite' | 'range';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const FIELDS = ['fileName', 'version', 'deviceType', 'description', 'validFrom', 'validTo', 'file'];

/** Upload a firmware file: .bin or .exe, version of exactly 8 digits, device type, description, authorisation period or indefinite. */
export function FirmwareUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadFirmware();
  const period = Form.useWatch('period', form);

  const pickFile = (picked: File | undefined) => {
    setFile(picked ?? null);
    setFileError(picked && !firmwareExtension(picked.name) ? t('deviceParams.firmware.fileType') : null);
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) return setFileError(t('deviceParams.firmware.fileRequired'));
    if (fileError) return;
    const [from, to] = values.period === 'range' ? (values.range ?? [null, null]) : [null, null];
    const meta: FirmwareUploadQuery = {
      fileName: file.name,
      version: values.version.trim(),
      deviceType: values.deviceType,
      ...(values.description?.trim() ? { description: values.description.trim() } : {}),
      ...(from && to ? { validFrom: from.toISOString(), validTo: to.toISOString() } : {}),
    };
    try {
      await upload.mutateAsync({ file, meta });
      toastSuccess(t('deviceParams.firmware.uploadDone'));
      form.resetFields();
      setFile(null);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const entries = fieldErrorsFromRefusal(error, { known: FIELDS, conflictField: 'version' });
      const fileProblems = entries.filter((e) => e.name[0] === 'fileName' || e.name[0] === 'file').flatMap((e) => e.errors);
      if (fileProblems.length > 0) setFileError(fileProblems.join(' '));
      const onForm = entries.filter((e) => e.name[0] === 'version' || e.name[0] === 'deviceType' || e.name[0] === 'description');
      const onRange = entries.filter((e) => e.name[0] === 'validFrom' || e.name[0] === 'validTo').flatMap((e) => e.errors);
      form.setFields([...onForm, ...(onRange.length ? [{ name: ['range'], errors: onRange }] : [])] as Parameters<typeof form.setFields>[0]);
      if (entries.length === 0) toastError(error.message, 3000);
    }
  };

  return (
    <Modal
      open={open}
      title={t('deviceParams.firmware.uploadTitle')}
      okText={t('deviceParams.firmware.uploadOk')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={upload.isPending}
      okButtonProps={{ 'data-testid': 'firmware-upload-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ deviceType: FIRMWARE_DEVICE_TYPES[0], period: 'indefinite' }} data-testid="firmware-form">
        <Form.Item label={t('deviceParams.firmware.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('deviceParams.firmware.fileHint')}>
          <input type="file" accept=".bin,.exe" onChange={(e) => pickFile(e.target.files?.[0])} data-testid="firmware-file" />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('deviceParams.firmware.version')}
          rules={[
            { required: true, message: t('deviceParams.firmware.versionRule') },
            { validator: async (_, v: string | undefined) => (v === undefined || v === '' || isFirmwareVersion(v.trim()) ? undefined : Promise.reject(new Error(t('deviceParams.firmware.versionRule')))) },
          ]}
        >
          <Input maxLength={20} placeholder="20261122" data-testid="firmware-version" />
        </Form.Item>
        <Form.Item name="deviceType" label={t('deviceParams.firmware.deviceType')} rules={[{ required: true }]}>
          <Select options={FIRMWARE_DEVICE_TYPES.map((type) => ({ value: type, label: t('deviceParams.deviceType.ullageCollector') }))} />
        </Form.Item>
        <Form.Item name="description" label={t('deviceParams.firmware.description')}>
          <Input.TextArea maxLength={FIRMWARE_DESCRIPTION_MAX} rows={2} data-testid="firmware-description" />
        </Form.Item>
        <Form.Item name="period" label={t('deviceParams.firmware.period')}>
          <Radio.Group
            options={[
              { value: 'indefinite', label: t('deviceParams.firmware.indefinite') },
              { value: 'range', label: t('deviceParams.firmware.range') },
            ]}
          />
        </Form.Item>
        {period === 'range' ? (
          <Form.Item name="range" rules={[{ required: true, message: t('deviceParams.firmware.rangeRequired') }]}>
            <DatePicker.RangePicker showTime />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
