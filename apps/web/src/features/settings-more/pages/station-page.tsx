import { lazy, Suspense, useMemo, useState } from 'react';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import { useTranslation } from 'react-i18next';
import type { StationRow } from '@ullage/contracts/settings-more';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { PageProps } from '../../../app/route-types';
import { actionsColumn, createdAtColumn } from '../../../components/list-page/columns';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { EntityListPage } from '../../../components/list-page/entity-list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
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
import { LazySecretModal } from '../components/lazy-secret-modal';
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
    {
      title: t('settingsMore.station.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: list.sortOrderOf('name'),
      ellipsis: true,
      width: 170,
      fixed: 'start',
      render: (value: string) => <bdi>{value}</bdi>,
    },
    { title: t('settingsMore.station.code'), dataIndex: 'code', key: 'code', sorter: true, sortOrder: list.sortOrderOf('code'), width: 110 },
    {
      title: t('settingsMore.station.company'),
      dataIndex: 'companyName',
      key: 'companyName',
      sorter: true,
      sortOrder: list.sortOrderOf('companyName'),
      ellipsis: true,
      width: 150,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    { title: t('settingsMore.station.area'), dataIndex: 'areaName', key: 'areaName', width: 120, ellipsis: true, render: (value: string | null) => <bdi>{value || missing}</bdi> },
    { title: t('settingsMore.station.tankCount'), dataIndex: 'tankCount', key: 'tankCount', width: 80, align: 'end' },
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
  if (rights.station) {
    columns.push(
      actionsColumn(t, 120, (row) => (
        <RowActions entity="station" id={row.id} name={row.name} onEdit={() => crud.openEdit(row)} onDelete={() => crud.onDelete(row)}>
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
        </RowActions>
      )),
    );
  }

  return (
    <EntityListPage
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
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsMore.filter.allAreas')}
            aria-label={t('settingsMore.station.area')}
            options={(areas.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={list.state.filters.areaId}
            disabled={companyId === undefined}
            onChange={(value?: number) => list.setFilter('areaId', value)}
            data-testid="station-filter-area"
          />
        </>
      }
      createLabel={t('settingsMore.station.create')}
      canCreate={rights.station}
      crud={crud}
      columns={columns}
    >
      {rights.station && crud.formUsed ? (
        <Suspense fallback={null}>
        <StationFormDrawer
          open={crud.editing !== null}
          stationId={crud.editing?.row?.id ?? null}
          lockedCompanyId={isCompany ? (viewer?.orgId ?? null) : null}
          onClose={crud.closeForm}
          onSaved={(deviceKey) => {
            crud.closeForm();
            if (deviceKey) setSecret(deviceKey);
          }}
        />
        </Suspense>
      ) : null}
      <LazySecretModal
        secret={secret}
        title={t('settingsMore.station.deviceKeyTitle')}
        note={t('settingsMore.station.deviceKeyNote')}
        testId="device-key"
        onClose={() => setSecret(null)}
      />
    </EntityListPage>
  );
}
