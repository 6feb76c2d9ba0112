import { lazy, Suspense, useState } from 'react';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview } from '@ullage/contracts/device-commands';
import { BaseInfoTab } from './base-info-tab';
import type { StationOption } from '../station-options';

// The page opens on base info; each other tab's code (tables, forms, the chart, the upload) is
// fetched when the tab is first opened, which keeps the route within DESIGN.md §8's budget.
const AlarmSetupTab = lazy(() => import('./alarm-setup-tab').then((m) => ({ default: m.AlarmSetupTab })));
const StrappingTab = lazy(() => import('./strapping-tab').then((m) => ({ default: m.StrappingTab })));
const TiltTab = lazy(() => import('./tilt-tab').then((m) => ({ default: m.TiltTab })));
const ClockTab = lazy(() => import('./clock-tab').then((m) => ({ default: m.ClockTab })));
const UpgradeTab = lazy(() => import('./upgrade-tab').then((m) => ({ default: m.UpgradeTab })));
const tabFallback = <Spin className="device-params__empty" />;

interface DevicePanelProps {
  device: DeviceOverview;
  /** The station tree, for issuing an upgrade to several stations. */
  options: StationOption[];
}

/** A chosen station's device: a notice when it takes no commands from this user, and the six tabs. */
export function DevicePanel({ device, options }: DevicePanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('base');
  const canIssue = Boolean(device.canManage && device.takesCommands);
  return (
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
  );
}
