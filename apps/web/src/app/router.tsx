import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireUser } from '../components/require-user';
import { routePatterns as route, paths } from '../config/paths';
import { renderShopPrices } from '../features/checkout/shop-prices';
import { ContentPage } from '../features/content/components/content-page';
import { AppLayout } from './app-layout';

/** A lazily loaded screen from a module's named export (no default exports in the app). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ComingSoon = lazyScreen(() => import('../components/coming-soon'), 'ComingSoon');
const LoginPage = lazyScreen(() => import('../features/auth/components/login-page'), 'LoginPage');
const LostPasswordPage = lazyScreen(() => import('../features/auth/components/lost-password-page'), 'LostPasswordPage');
const MessageViewRoute = lazyScreen(() => import('./routes/message-view-route'), 'MessageViewRoute');
const UserAreaRoute = lazyScreen(() => import('./routes/user-area-route'), 'UserAreaRoute');
const MailboxPage = lazyScreen(() => import('../features/mailbox/components/mailbox-page'), 'MailboxPage');

const comingSoon = <ComingSoon />;
const adminOnly = (element: ReactNode) => <RequireUser isAdminOnly>{element}</RequireUser>;

/** The routes of spec §2 and DESIGN §9; screens of later issues show "Coming soon" for now. */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: route.login, element: <LoginPage /> },
      { path: route.lostPassword, element: <LostPasswordPage /> },
      { path: route.messageView, element: <MessageViewRoute /> },
      { path: route.userArea, element: <RequireUser><UserAreaRoute /></RequireUser> },
      { path: route.activate, element: comingSoon },
      { path: route.contactSupport, element: comingSoon },
      { path: route.support, element: comingSoon },
      { path: route.transferLicense, element: comingSoon },
      { path: route.directUrlCheckout, element: comingSoon },
      { path: route.purchase, element: comingSoon },
      { path: route.sendLicenseKey, element: comingSoon },
      { path: route.adminResendSerial, element: adminOnly(comingSoon) },
      { path: route.adminPersons, element: adminOnly(comingSoon) },
      { path: route.adminPerson, element: adminOnly(comingSoon) },
      { path: route.adminPages, element: adminOnly(comingSoon) },
      { path: route.adminPage, element: adminOnly(comingSoon) },
      { path: route.adminProducts, element: adminOnly(comingSoon) },
      { path: route.adminProduct, element: adminOnly(comingSoon) },
      { path: route.adminOrders, element: adminOnly(comingSoon) },
      { path: route.adminMailbox, element: adminOnly(<MailboxPage />) },
      { path: route.contentPage, element: <ContentPage enhance={renderShopPrices} /> },
      // More than three segments cannot be a content page.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** The app's screens inside the shell (rendered within <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
