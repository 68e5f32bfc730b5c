import type { BackOfficeScreen } from '@store/contracts/staff';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { paths } from '../../config/paths';
import './shared/admin-layout.scss';
import { AdminSearch } from './search/components/admin-search';
import { adminPaths } from './shared/admin-paths';
import { AdminSideNav } from './shared/admin-side-nav';
import { ScreenAccess } from './shared/screen-access';

function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const DashboardPage = lazyScreen(() => import('./dashboard/components/dashboard-page'), 'DashboardPage');
const AllOrdersPage = lazyScreen(() => import('./all-orders/components/all-orders-page'), 'AllOrdersPage');
const BatchesPage = lazyScreen(() => import('./batches/components/batches-page'), 'BatchesPage');
const AuditLogPage = lazyScreen(() => import('./audit-log/components/audit-log-page'), 'AuditLogPage');
const OffersPage = lazyScreen(() => import('./offers/components/offers-page'), 'OffersPage');
const BundlesPage = lazyScreen(() => import('./bundles/components/bundles-page'), 'BundlesPage');
const OutboundWebhooksPage = lazyScreen(() => import('./outbound-webhooks/components/outbound-webhooks-page'), 'OutboundWebhooksPage');
const ApiKeysPage = lazyScreen(() => import('./api-keys/components/api-keys-page'), 'ApiKeysPage');
const ReleasesPage = lazyScreen(() => import('./releases/components/releases-page'), 'ReleasesPage');
const ResendSerialPage = lazyScreen(() => import('./resend-serial/components/resend-serial-page'), 'ResendSerialPage');

/**
 * The back office's screens under /admin/ (decision 024), routed here rather than in the app's router so that
 * the home page's JavaScript does not grow with them. The specified admin screens keep their own routes, which
 * rank before this one, and so do the editors at three segments (`/admin/offer/:id`, `/admin/bundle/:id`, decision
 * 057). The content pages rank below both (app/router.tsx).
 */
export function BackOfficeRoutes() {
  return useRoutes([
    { index: true, element: <Navigate to={adminPaths.dashboard} replace /> },
    {
      path: 'dashboard',
      element: (
        <AdminFrame screen="dashboard">
          <DashboardPage />
        </AdminFrame>
      ),
    },
    {
      path: 'allorders',
      element: (
        <AdminFrame screen="orders">
          <AllOrdersPage />
        </AdminFrame>
      ),
    },
    {
      path: 'batches',
      element: (
        <AdminFrame screen="batches">
          <BatchesPage />
        </AdminFrame>
      ),
    },
    {
      path: 'audit',
      element: (
        <AdminFrame screen="audit">
          <AuditLogPage />
        </AdminFrame>
      ),
    },
    {
      path: 'resendserial',
      element: (
        <AdminFrame screen="resendSerial">
          <ResendSerialPage />
        </AdminFrame>
      ),
    },
    {
      path: 'offers',
      element: (
        <AdminFrame screen="offers">
          <OffersPage />
        </AdminFrame>
      ),
    },
    {
      path: 'bundles',
      element: (
        <AdminFrame screen="bundles">
          <BundlesPage />
        </AdminFrame>
      ),
    },
    {
      path: 'outbound-webhooks',
      element: (
        <AdminFrame screen="outboundWebhooks">
          <OutboundWebhooksPage />
        </AdminFrame>
      ),
    },
    {
      path: 'api-keys',
      element: (
        <AdminFrame screen="apiKeys">
          <ApiKeysPage />
        </AdminFrame>
      ),
    },
    {
      path: 'releases',
      element: (
        <AdminFrame screen="releases">
          <ReleasesPage />
        </AdminFrame>
      ),
    },
    { path: '*', element: <Navigate to={paths.home} replace /> },
  ]);
}

/**
 * Every admin screen: shown once the server permits it (decision 033), with the search box above it (decision
 * 024) and, on wide screens, the side navigation beside it (decision 061). In this module so the router loads
 * them at once.
 */
export function AdminFrame({ screen, children }: { screen: BackOfficeScreen; children: ReactNode }) {
  return (
    <ScreenAccess screen={screen}>
      <div className="admin-layout">
        <AdminSideNav />
        <div className="admin-layout-content">
          <AdminSearch />
          {children}
        </div>
      </div>
    </ScreenAccess>
  );
}
