import type { ReactNode } from 'react';
import AlertOutlined from '@ant-design/icons/es/icons/AlertOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import type { MenuGroupId } from '../../route-types';

/** Icons of the top-level menu entries; a group that shows as one item keeps its group's icon. */
export const ROUTE_ICONS: Partial<Record<string, ReactNode>> = {
  home: <HomeOutlined />,
  before_single_monitor: <DesktopOutlined />,
};

export const GROUP_ICONS: Record<MenuGroupId, ReactNode> = {
  Analysis: <BarChartOutlined />,
  Data: <DatabaseOutlined />,
  Alarm: <AlertOutlined />,
  setting: <SettingOutlined />,
};
