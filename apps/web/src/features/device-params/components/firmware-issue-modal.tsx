import { useEffect, useState } from 'react';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import type { FirmwareRow } from '@ullage/contracts/device-commands';
import { toastSuccess } from '../../../lib/feedback';
import { useIssueFirmware } from '../api/commands';
import { stationIdsOf, type StationOption } from '../station-options';

interface FirmwareIssueModalProps {
  firmware: FirmwareRow | null;
  options: StationOption[];
  defaultStationId: number | undefined;
  onClose: () => void;
}

/** Issue an upgrade to one or many stations (a company ticks all its stations at once); all or none. */
export function FirmwareIssueModal({ firmware, options, defaultStationId, onClose }: FirmwareIssueModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<string[]>([]);
  const issue = useIssueFirmware();
  useEffect(() => {
    if (firmware) setValues(defaultStationId ? [String(defaultStationId)] : []);
  }, [firmware, defaultStationId]);
  const stationIds = stationIdsOf(values);

  const submit = async () => {
    if (!firmware || stationIds.length === 0) return;
    const issued = await issue.mutateAsync({ firmwareId: firmware.id, stationIds });
    toastSuccess(t('deviceParams.firmware.issued', { count: issued.length }));
    onClose();
  };

  return (
    <Modal
      open={firmware !== null}
      title={firmware ? t('deviceParams.firmware.issueTitle', { fileName: firmware.fileName, version: firmware.version }) : ''}
      okText={t('deviceParams.issue')}
      cancelText={t('common.action.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={issue.isPending}
      okButtonProps={{ disabled: stationIds.length === 0, 'data-testid': 'firmware-issue-ok' }}
      destroyOnHidden
    >
      <p className="device-params__hint">{t('deviceParams.firmware.issueHint')}</p>
      <TreeSelect
        className="device-params__stations"
        treeData={options}
        fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        value={values}
        onChange={(next: string[]) => setValues(next)}
        treeCheckable
        // The modal opens with a zoom: the popup measured then would be a sliver.
        popupMatchSelectWidth={460}
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        showSearch={{ filterTreeNode: (input, node) => String((node as { search?: string }).search ?? '').includes(input.trim().toLowerCase()) }}
        treeDefaultExpandAll
        placeholder={t('deviceParams.firmware.stations')}
        aria-label={t('deviceParams.firmware.stations')}
        style={{ width: '100%' }}
        data-testid="firmware-stations"
      />
      <p className="device-params__hint">{t('deviceParams.firmware.selected', { count: stationIds.length })}</p>
    </Modal>
  );
}
