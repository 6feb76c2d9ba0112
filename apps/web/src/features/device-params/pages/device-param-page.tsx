import { lazy, Suspense, useMemo, useState } from 'react';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { LazyTreeSelect } from '../../../components/lazy-tree-select';
import { useOrgTree } from '../../../lib/org-tree';
import { useDeviceOverview } from '../api/device-overview';
import { stationOptions } from '../station-options';
import '../device-params.css';

// Until a station is chosen the page is its picker: the tabs, the tables and the forms behind
// them are fetched with the first station (DESIGN.md §8 route budget); each tab but the first
// is fetched again only when opened (device-panel.tsx).
const DevicePanel = lazy(() => import('../components/device-panel').then((m) => ({ default: m.DevicePanel })));

/**
 * deviceParamManage (spec §2, issue 7): a station's device — base info, alarm setup,
 * height-volume table, tank tilt, time setup, device upgrade. Changes are commands to the
 * device; each tab shows its commands and follows them until the device answers.
 */
export function Page() {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const options = useMemo(() => stationOptions(tree.data ?? []), [tree.data]);
  const [stationId, setStationId] = useState<number | undefined>();
  const overview = useDeviceOverview(stationId);
  const device = overview.data;

  return (
    <section className="device-params">
      <h1 className="device-params__title" data-testid="page-title">
        {t('route.title.deviceParamManage')}
      </h1>
      <div className="device-params__toolbar">
        <LazyTreeSelect
          className="device-params__station"
          treeData={options}
          value={stationId === undefined ? undefined : String(stationId)}
          onChange={(value) => setStationId(value ? Number(value) : undefined)}
          placeholder={t('deviceParams.station.pick')}
          loading={tree.isLoading}
          testId="device-station"
        />
        {device ? <span className="device-params__station-name">{`${device.station.name} · ${device.station.companyName}`}</span> : null}
      </div>
      {stationId === undefined ? (
        <Empty className="device-params__empty" description={t('deviceParams.station.none')} />
      ) : !device ? (
        <Spin className="device-params__empty" />
      ) : (
        <Suspense fallback={<Spin className="device-params__empty" />}>
          <DevicePanel device={device} options={options} />
        </Suspense>
      )}
    </section>
  );
}
