import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { LazyTreeSelect } from '../../../components/lazy-tree-select';
import { useOrgTree } from '../../settings-org/api/org-tree';
import { useDeviceOverview } from '../api/device-overview';
import { BaseInfoTab } from '../components/base-info-tab';
import { stationOptions } from '../station-options';
import '../device-params.css';

// The page opens on base info; each other tab's code (tables, forms, the chart, the upload) is
// fetched when the tab is first opened, which keeps the route within DESIGN.md §8's budget.
const AlarmSetupTab = lazy(() => import('../components/alarm-setup-tab').then((m) => ({ default: m.AlarmSetupTab })));
const StrappingTab = lazy(() => import('../components/strapping-tab').then((m) => ({ default: m.StrappingTab })));
const TiltTab = lazy(() => import('../components/tilt-tab').then((m) => ({ default: m.TiltTab })));
const ClockTab = lazy(() => import('../components/clock-tab').then((m) => ({ default: m.ClockTab })));
const UpgradeTab = lazy(() => import('../components/upgrade-tab').then((m) => ({ default: m.UpgradeTab })));
const tabFallback = <Spin className="device-params__empty" />;

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
  const [tab, setTab] = useState('base');
  const overview = useDeviceOverview(stationId);
  const device = overview.data;
  const canIssue = Boolean(device?.canManage && device.takesCommands);

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
        <>
          {!device.takesCommands ? <Alert type="info" showIcon className="device-params__notice" title={t('deviceParams.notice.polled')} /> : null}
          {device.takesCommands && !device.canManage ? <Alert type="info" showIcon className="device-params__notice" title={t('deviceParams.notice.readOnly')} /> : null}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            destroyOnHidden
            data-testid="device-tabs"
            items={[
              { key: 'base', label: t('deviceParams.tab.base'), children: <BaseInfoTab device={device} canIssue={canIssue} /> },
              { key: 'alarm', label: t('deviceParams.tab.alarm'), children: <Suspense fallback={tabFallback}><AlarmSetupTab device={device} canIssue={canIssue} /></Suspense> },
              { key: 'strapping', label: t('deviceParams.tab.strapping'), children: <Suspense fallback={tabFallback}><StrappingTab device={device} canIssue={canIssue} /></Suspense> },
              { key: 'tilt', label: t('deviceParams.tab.tilt'), children: <Suspense fallback={tabFallback}><TiltTab device={device} canIssue={canIssue} /></Suspense> },
              { key: 'time', label: t('deviceParams.tab.time'), children: <Suspense fallback={tabFallback}><ClockTab device={device} canIssue={canIssue} /></Suspense> },
              { key: 'upgrade', label: t('deviceParams.tab.upgrade'), children: <Suspense fallback={tabFallback}><UpgradeTab device={device} canIssue={canIssue} options={options} /></Suspense> },
            ]}
          />
        </>
      )}
    </section>
  );
}
