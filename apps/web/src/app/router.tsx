import type { BackOfficeScreen } from '@store/contracts/staff';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireUser } from '../components/require-user';
import { NEW_RECORD, routePatterns as route, paths } from '../config/paths';
import { renderShopPrices } from '../features/checkout/shop-prices';
import { ContentPage } from '../features/content/components/content-page';
import { AppLayout } from './app-layout';
import { renderProductPageTrial } from './routes/product-page-trial';

/** A lazily loaded screen from a module's named export (no default exports in the app). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyScreen(() => import('../features/auth/components/login-page'), 'LoginPage');
const LostPasswordPage = lazyScreen(() => import('../features/auth/components/lost-password-page'), 'LostPasswordPage');
const MessageViewRoute = lazyScreen(() => import('./routes/message-view-route'), 'MessageViewRoute');
const UserAreaRoute = lazyScreen(() => import('./routes/user-area-route'), 'UserAreaRoute');
const MailboxPage = lazyScreen(() => import('../features/mailbox/components/mailbox-page'), 'MailboxPage');
const ActivationPage = lazyScreen(() => import('../features/activation/components/activation-page'), 'ActivationPage');
const SupportPage = lazyScreen(() => import('../features/support/components/support-page'), 'SupportPage');
const SendKeyPage = lazyScreen(() => import('../features/send-key/components/send-key-page'), 'SendKeyPage');
const PurchasePage = lazyScreen(() => import('../features/checkout/components/purchase-page'), 'PurchasePage');
const DirectCheckoutPage = lazyScreen(() => import('../features/checkout/components/direct-checkout-page'), 'DirectCheckoutPage');
const TransferLicensePage = lazyScreen(() => import('../features/transfer/components/transfer-license-page'), 'TransferLicensePage');
const PersonsPage = lazyScreen(() => import('../features/admin/persons/components/persons-page'), 'PersonsPage');
const PersonEditorPage = lazyScreen(() => import('../features/admin/persons/components/person-editor-page'), 'PersonEditorPage');
const PagesPage = lazyScreen(() => import('../features/admin/pages/components/pages-page'), 'PagesPage');
// Takes the shop's enhancer for its live preview, like ContentPage.
const PageEditorPage = lazy(async () => ({
  default: (await import('../features/admin/pages/components/page-editor-page')).PageEditorPage,
}));
const ProductsPage = lazyScreen(() => import('../features/admin/products/components/products-page'), 'ProductsPage');
const ProductEditorPage = lazyScreen(() => import('../features/admin/products/components/product-editor-page'), 'ProductEditorPage');
const ActivationCodesPage = lazyScreen(
  () => import('../features/admin/activation-codes/components/activation-codes-page'),
  'ActivationCodesPage',
);
const StaffPage = lazyScreen(() => import('../features/admin/staff/components/staff-page'), 'StaffPage');
const OrderDetailPage = lazyScreen(() => import('../features/admin/all-orders/components/order-detail-page'), 'OrderDetailPage');
const WebhooksPage = lazyScreen(() => import('../features/admin/webhooks/components/webhooks-page'), 'WebhooksPage');
const ConfirmAccountPage = lazyScreen(() => import('../features/account/components/confirm-account-page'), 'ConfirmAccountPage');
const TrialPage = lazyScreen(() => import('../features/trial/components/trial-page'), 'TrialPage');
const UnsubscribePage = lazyScreen(() => import('../features/releases/components/unsubscribe-page'), 'UnsubscribePage');
const ResendSerialPage = lazyScreen(() => import('../features/admin/resend-serial/components/resend-serial-page'), 'ResendSerialPage');
const OfferEditorPage = lazyScreen(() => import('../features/admin/offers/components/offer-editor-page'), 'OfferEditorPage');
const BundleEditorPage = lazyScreen(() => import('../features/admin/bundles/components/bundle-editor-page'), 'BundleEditorPage');
// Upgrades beside a product page (decision 036), loaded only there: other content pages stay small (decision 006).
const ProductOfferPanel = lazyScreen(() => import('../features/offers/components/product-offer-panel'), 'ProductOfferPanel');

/**
 * A content page; a product's page (`/products/{name}`) with its successor and the customer's upgrades above it
 * (decision 036) and its installers for everyone after it (decision 035).
 */
function ContentPageRoute() {
  const { pathname } = useLocation();
  // More than three segments cannot be a content page.
  if (matchPath(route.contentPage, pathname) === null) return <Navigate to={paths.home} replace />;
  const isProductPage = /^\/products\/[^/]+\/?$/i.test(pathname);
  return (
    <>
      {isProductPage && (
        <Suspense fallback={null}>
          <ProductOfferPanel />
        </Suspense>
      )}
      <ContentPage enhance={renderShopPrices} renderAfterPage={renderProductPageTrial} />
    </>
  );
}

// One chunk for the frame of every admin screen (access, search box) and the back office's routes (decision 024).
const loadBackOffice = () => import('../features/admin/back-office-routes');
const BackOfficeRoutes = lazyScreen(loadBackOffice, 'BackOfficeRoutes');
const AdminFrame = lazy(async () => ({ default: (await loadBackOffice()).AdminFrame }));

/**
 * A back-office screen for a signed-in user: the server says whether the user may open it (decision 033); the
 * search box sits above it (decision 024). Without a user, the login.
 */
const backOfficeScreen = (screen: BackOfficeScreen, element: ReactNode) => (
  <RequireUser>
    <AdminFrame screen={screen}>{element}</AdminFrame>
  </RequireUser>
);

/**
 * The editors of new records were at /admin/{kind}/0 before they all moved to /admin/{kind}/new (decision 068);
 * the older addresses still open them.
 */
const olderNewRecordRoutes: RouteObject[] = ['person', 'product', 'offer', 'bundle'].map((kind) => ({
  path: `/admin/${kind}/0`,
  element: <Navigate to={`/admin/${kind}/${NEW_RECORD}`} replace />,
}));

/** The routes of spec §2 and DESIGN §9. */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: route.login, element: <LoginPage /> },
      { path: route.lostPassword, element: <LostPasswordPage /> },
      { path: route.messageView, element: <MessageViewRoute /> },
      {
        path: route.userArea,
        element: (
          <RequireUser>
            <UserAreaRoute />
          </RequireUser>
        ),
      },
      { path: route.activate, element: <ActivationPage /> },
      { path: route.contactSupport, element: <SupportPage /> },
      { path: route.support, element: <SupportPage /> },
      {
        path: route.transferLicense,
        element: (
          <RequireUser>
            <TransferLicensePage />
          </RequireUser>
        ),
      },
      { path: route.directUrlCheckout, element: <DirectCheckoutPage /> },
      { path: route.purchase, element: <PurchasePage /> },
      { path: route.sendLicenseKey, element: <SendKeyPage /> },
      { path: route.trial, element: <TrialPage /> },
      { path: route.unsubscribe, element: <UnsubscribePage /> },
      { path: route.adminResendSerial, element: backOfficeScreen('resendSerial', <ResendSerialPage />) },
      { path: route.adminPersons, element: backOfficeScreen('persons', <PersonsPage />) },
      { path: route.adminPerson, element: backOfficeScreen('persons', <PersonEditorPage />) },
      { path: route.adminPages, element: backOfficeScreen('pages', <PagesPage />) },
      { path: route.adminPage, element: backOfficeScreen('pages', <PageEditorPage enhance={renderShopPrices} />) },
      { path: route.adminProducts, element: backOfficeScreen('products', <ProductsPage />) },
      { path: route.adminProduct, element: backOfficeScreen('products', <ProductEditorPage />) },
      { path: route.adminOrders, element: backOfficeScreen('activationCodes', <ActivationCodesPage />) },
      { path: route.adminOrderDetail, element: backOfficeScreen('orderDetail', <OrderDetailPage />) },
      { path: route.adminMailbox, element: backOfficeScreen('mailbox', <MailboxPage />) },
      { path: route.adminStaff, element: backOfficeScreen('staff', <StaffPage />) },
      { path: route.adminWebhooks, element: backOfficeScreen('webhooks', <WebhooksPage />) },
      { path: route.adminOffer, element: backOfficeScreen('offers', <OfferEditorPage />) },
      { path: route.adminBundle, element: backOfficeScreen('bundles', <BundleEditorPage />) },
      ...olderNewRecordRoutes,
      { path: route.confirmAccount, element: <ConfirmAccountPage /> },
      // The back office's screens (decision 024); the routes above rank first. Each asks the server whether the
      // user may open it (decision 033).
      {
        path: '/admin/*',
        element: (
          <RequireUser>
            <BackOfficeRoutes />
          </RequireUser>
        ),
      },
      // Every other address is a content page's (`route.contentPage`, up to three segments); a product page ends
      // with its installers for everyone (decision 035). Matched as a splat so that it ranks below `/admin/*`:
      // the pattern itself outranks a splat for three segments, and `/admin/offer/5` would be a content page.
      { path: '*', element: <ContentPageRoute /> },
    ],
  },
];

/** The app's screens inside the shell (rendered within <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
