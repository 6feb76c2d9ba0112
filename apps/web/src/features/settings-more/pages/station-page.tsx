import { lazy, useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import { useTranslation } from 'react-i18next';
import type { StationRow } from '@ullage/contracts/settings-more';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn, sortableField } from '../../../components/list-page/columns';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SelectFilter } from '../../../components/settings-list/select-filter';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { countColumn, textColumn } from '../../../components/settings-list/text-columns';
import { useOrgTree } from '../../../lib/org-tree';
import { OrgFilter } from '../../../components/org-filter';
import { companyOptions, distributorOptions } from '../../../lib/org-options';
import { useViewer } from '../../../lib/use-viewer';
import { useCompanyAreas } from '../../../lib/area-options';
import { useDeleteStation } from '../api/delete-station';
import { exportStations } from '../api/export-stations';
import { moreKeys } from '../api/keys';
import { listStations } from '../api/list-stations';
import { useRotateDeviceKey } from '../api/rotate-device-key';
import { deviceTypeKey } from '../choices';
import { LazySecretModal } from '../../../components/secret-modal/lazy-secret-modal';
import { moreRights } from '../permissions';

/** The form loads when first opened, keeping the list's chunk small. */
const StationFormDrawer = lazy(() => import('../components/station-form-drawer').then((module) => ({ default: module.StationFormDrawer })));

export const STATION_SORT_FIELDS = ['name', 'code', 'companyName', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; companyId: number | undefined; areaId: number | undefined };

/** System settings → Stations (spec §3, §5): list, export, create and edit with tanks, device keys. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = moreRights(viewer);
  const tree = useOrgTree();
  const remove = useDeleteStation();
  const crud = useEntityCrud<StationRow, Filters>({
    queryKey: moreKeys.stations,
    fetch: listStations,
    filters: { distributorId: undefined, companyId: undefined, areaId: undefined },
    sortFields: STATION_SORT_FIELDS,
    exportFile: exportStations,
    exportName: t('route.title.station'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;
  const { distributorId, companyId } = list.state.filters;
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const companies = useMemo(() => companyOptions(tree.data ?? [], distributorId), [tree.data, distributorId]);
  const areas = useCompanyAreas(companyId);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useRotateDeviceKey();
  const isCompany = viewer?.accountType === ACCOUNT_TYPES.company;

  const onRotate = (row: StationRow) =>
    rotate
      .mutateAsync(row.id)
      .then((answer) => setSecret(answer.deviceKey))
      .catch(() => undefined);

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<StationRow> = [
    textColumn(t('settingsMore.station.name'), 'name', { sort: list.sortOrderOf, ellipsis: true, width: 170, fixed: 'start' }),
    { title: t('settingsMore.station.code'), ...sortableField('code', list.sortOrderOf), width: 110 },
    textColumn(t('settingsMore.station.company'), 'companyName', { sort: list.sortOrderOf, ellipsis: true, width: 150 }),
    textColumn(t('settingsMore.station.area'), 'areaName', { width: 120, ellipsis: true, missing }),
    countColumn(t('settingsMore.station.tankCount'), 'tankCount', 80),
    // Before the device columns: at 1440 px those run past the fixed actions column.
    { title: t('settingsMore.station.timezone'), dataIndex: 'timezone', key: 'timezone', width: 150, ellipsis: { showTitle: true }, render: (value: string) => <span dir="ltr">{value}</span> },
    {
      title: t('settingsMore.station.deviceType'),
      dataIndex: 'deviceType',
      key: 'deviceType',
      width: 170,
      ellipsis: true,
      render: (value: string | null) => {
        const key = deviceTypeKey(value);
        return key ? t(key) : value || missing;
      },
    },
    {
      title: t('settingsMore.station.deviceAddress'),
      key: 'device',
      width: 150,
      render: (_, row) => <span dir="ltr">{row.deviceIp ? `${row.deviceIp}${row.devicePort ? `:${row.devicePort}` : ''}` : missing}</span>,
    },
    {
      title: t('settingsMore.station.deviceKey'),
      dataIndex: 'hasDeviceKey',
      key: 'hasDeviceKey',
      width: 110,
      render: (value: boolean) => (value ? <Tag color="green">{t('settingsMore.station.keySet')}</Tag> : <Tag>{t('settingsMore.station.keyNone')}</Tag>),
    },
    createdAtColumn(t, list.sortOrderOf),
  ];
  const rotateAction = (row: StationRow) => (
    <ConfirmAction
      action={t('settingsMore.station.rotate')}
      name={row.name}
      icon={<KeyOutlined />}
      title={t('settingsMore.station.rotateTitle')}
      description={t('settingsMore.station.rotateConfirm', { name: row.name })}
      danger
      loading={rotate.isPending && rotate.variables === row.id}
      testId={`station-rotate-key-${row.id}`}
      confirmTestId={`station-rotate-key-confirm-${row.id}`}
      onConfirm={() => onRotate(row)}
    />
  );

  return (
    <SettingsListPage
      entity="station"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.station.search')}
      filters={
        <>
          {distributors.length > 1 ? (
            <OrgFilter
              placeholder={t('settingsOrg.filter.allDistributors')}
              label={t('settingsOrg.company.distributor')}
              options={distributors}
              value={distributorId}
              onChange={(value) => list.setState((s) => ({ ...s, page: 1, filters: { distributorId: value, companyId: undefined, areaId: undefined } }))}
              testId="station-filter-distributor"
            />
          ) : null}
          {!isCompany ? (
            <OrgFilter
              placeholder={t('settingsOrg.filter.allCompanies')}
              label={t('settingsMore.station.company')}
              options={companies}
              value={companyId}
              onChange={(value) => list.setState((s) => ({ ...s, page: 1, filters: { ...s.filters, companyId: value, areaId: undefined } }))}
              testId="station-filter-company"
            />
          ) : null}
          <SelectFilter
            placeholder={t('settingsMore.filter.allAreas')}
            label={t('settingsMore.station.area')}
            options={(areas.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={list.state.filters.areaId}
            disabled={companyId === undefined}
            onChange={(value) => list.setFilter('areaId', value)}
            testId="station-filter-area"
          />
        </>
      }
      createLabel={t('settingsMore.station.create')}
      canCreate={rights.station}
      crud={crud}
      columns={columns}
      rowActions={rights.station ? { width: 120, name: (row) => row.name, extra: rotateAction } : undefined}
      form={
        rights.station
          ? ({ open, row, onClose }) => (
              <StationFormDrawer
                open={open}
                stationId={row?.id ?? null}
                lockedCompanyId={isCompany ? (viewer?.orgId ?? null) : null}
                onClose={onClose}
                onSaved={(deviceKey) => {
                  crud.closeForm();
                  if (deviceKey) setSecret(deviceKey);
                }}
              />
            )
          : undefined
      }
    >
      <LazySecretModal
        secret={secret}
        title={t('settingsMore.station.deviceKeyTitle')}
        note={t('settingsMore.station.deviceKeyNote')}
        testId="device-key"
        onClose={() => setSecret(null)}
      />
    </SettingsListPage>
  );
}
