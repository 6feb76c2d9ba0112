import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { GroupRedirect, IndexRedirect, RouteGate } from './guards';
import { RoutePage } from './page-host';
import { RootShell } from './root-shell';
import type { RouteDef } from './route-types';
import { MENU_GROUPS, ROUTES, routeByPath } from './routes';
import { ShellGate } from './shell-gate';

function pageRoute(def: RouteDef): RouteObject {
  return { path: def.path, element: <RoutePage def={def} /> };
}

/**
 * The route table turned into react-router routes; guards and shells wrap the pages.
 * Declarative routing (useRoutes) rather than a data router: no route has a loader, and
 * the data router's code would cost the login route about 12 KB gzip.
 */
export function buildRoutes(): RouteObject[] {
  const bare = ROUTES.filter((def) => def.layout === 'bare');
  const desktop = ROUTES.filter((def) => def.layout === 'desktop');
  const mobile = ROUTES.filter((def) => def.layout === 'mobile');
  // `/setting` is the mobile settings page; only groups whose path is free redirect.
  const groups = MENU_GROUPS.filter((group) => !routeByPath(group.path));
  return [
    {
      element: <RootShell />,
      children: [
        { path: '/', element: <IndexRedirect /> },
        ...bare.map((def) => ({ path: def.path, element: <RouteGate def={def} /> })),
        ...groups.map((group) => ({ path: group.path, element: <GroupRedirect group={group.id} /> })),
        { element: <ShellGate layout="desktop" />, children: desktop.map(pageRoute) },
        { element: <ShellGate layout="mobile" />, children: mobile.map(pageRoute) },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

const routes = buildRoutes();

export function AppRoutes() {
  return useRoutes(routes);
}
