import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/lazy-picker/lazy-picker';
import { orgValueOfFilter, stationsUnder, type OrgScopeFilter } from '../../../components/report-filters/org-scope';
import { useOrgTree } from '../../../lib/org-tree';
import { complianceLinkOf, lastWholeMonth } from '../leak-filters-state';

interface ComplianceDialogProps {
  open: boolean;
  /** The page's organisation pick: its stations are offered, its station chosen. */
  org: OrgScopeFilter;
  onClose: () => void;
}

/**
 * Pick a station and a month and open its compliance record, a printable page of its own, in
 * a new tab: the record is printed or saved, the report stays where it was.
 */
export function ComplianceDialog({ open, org, onClose }: ComplianceDialogProps) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  // The stations under the page's company or distributor; a picked station is one among its company's peers.
  const scope = useMemo(() => stationsUnder(tree.data ?? [], orgValueOfFilter({ ...org, stationId: undefined })), [tree.data, org]);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [month, setMonth] = useState(() => lastWholeMonth());
  const stationId = picked ?? org.stationId;
  const currentMonth = dayjs().format('YYYY-MM');

  const openRecord = () => {
    if (stationId === undefined) return;
    window.open(complianceLinkOf(stationId, month), '_blank', 'noopener');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('leakTest.compliance.open')}
      okText={t('leakTest.compliance.openRecord')}
      cancelText={t('common.action.cancel')}
      okButtonProps={{ disabled: stationId === undefined, 'data-testid': 'compliance-open' }}
      onOk={openRecord}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="compliance-form">
        <Form.Item label={t('leakTest.compliance.station')}>
          <Select
            value={stationId}
            onChange={(value: number) => setPicked(value)}
            options={scope.map((s) => ({ value: s.id, label: s.code ? `${s.name} (${s.code})` : s.name }))}
            placeholder={t('leakTest.compliance.pickStation')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={tree.isLoading}
            data-testid="compliance-station"
          />
        </Form.Item>
        <Form.Item label={t('leakTest.compliance.month')}>
          <LazyDatePicker
            picker="month"
            value={dayjs(`${month}-01`)}
            allowClear={false}
            // A record needs its month to have begun.
            disabledDate={(current) => current.format('YYYY-MM') > currentMonth}
            onChange={(value) => {
              if (value) setMonth(value.format('YYYY-MM'));
            }}
            data-testid="compliance-month"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
