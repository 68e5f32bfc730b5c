// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { newProductDefaults } from '@store/contracts/product';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { renderAppAt } from '../test/render-app';

const fetchMock = stubFetch();

const signIn = (user: { name: string; role: string }) =>
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ ...user, token: 'token-1' }));
afterEach(() => window.localStorage.clear());

/** The server: each back-office screen's answer (`/api/admin/screens/{screen}`); every other call answers `[]`. */
function serveScreens(answers: Record<string, [number, string]>) {
  fetchMock.mockImplementation(async (input) => {
    const screenName = /\/api\/admin\/screens\/(\w+)$/.exec(String(input))?.[1];
    if (screenName === undefined) return new Response('[]', { status: 200 });
    const [status, body] = answers[screenName] ?? [200, '{"ok":true}'];
    return new Response(body, { status });
  });
}

/** Every screen permitted; a new person's and a new product's defaults (`GET /person/0`, `GET /product/0`). */
function serveNewRecords() {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/person/0')) return Response.json({ id: 0, email: '', name: 'name', country: 'CH' });
    if (url.endsWith('/api/product/0')) return Response.json(newProductDefaults);
    if (url.includes('/api/admin/screens/')) return Response.json({ ok: true });
    return Response.json([]);
  });
}

/** A screen's first visit imports its lazily loaded chunk, which takes a while on a busy machine. */
const findMain = (name: string) => screen.findByRole('main', { name }, { timeout: 15_000 });
const findHeading = (name: string | RegExp) => screen.findByRole('heading', { name }, { timeout: 15_000 });

const screenCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/admin/screens/'));

describe('back-office screens the server refuses', () => {
  const refusal: [number, string] = [403, 'Only the administrator may do this.'];

  it('say "not permitted" to support, with the way back to its own work, and keep it signed in', async () => {
    signIn({ name: 'helper@example.com', role: 'support' });
    serveScreens({ products: refusal });
    renderAppAt('/admin/products');
    const main = await findMain('Not permitted');
    expect(main.textContent).toContain('Only the administrator may do this.');
    expect(screen.getByTestId('path').textContent).toBe('/admin/products');
    expect(screen.queryByRole('heading', { name: 'Login or register' })).toBeNull();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).not.toBeNull();
    expect(screenCalls()).toEqual(['/api/admin/screens/products']);

    fireEvent.click(within(main).getByRole('link', { name: 'Go to Persons' }));
    expect(screen.getByTestId('path').textContent).toBe('/admin/persons');
    expect(await findHeading(/Persons/)).toBeTruthy();
  });

  it('ask the server for the back office routes too (the dashboard)', async () => {
    signIn({ name: 'helper@example.com', role: 'support' });
    serveScreens({ dashboard: refusal });
    renderAppAt('/admin/dashboard');
    expect(await findMain('Not permitted')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(screenCalls()).toEqual(['/api/admin/screens/dashboard']);
  });

  it("ask the server for an order's detail, three segments deep, before any content page (decision 060)", async () => {
    signIn({ name: 'helper@example.com', role: 'support' });
    serveScreens({ orderDetail: refusal });
    renderAppAt('/admin/allorders/7');
    expect(await findMain('Not permitted')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/admin/allorders/7');
    expect(screenCalls()).toEqual(['/api/admin/screens/orderDetail']);
  });

  it('say "not permitted" to a customer too, with the way back to the customer area', async () => {
    signIn({ name: 'buyer@example.com', role: 'customer' });
    serveScreens({ persons: [403, 'Only staff may do this.'] });
    renderAppAt('/admin/persons');
    const main = await findMain('Not permitted');
    expect(within(main).getByRole('link', { name: 'Go to your licences' }).getAttribute('href')).toBe('/userarea');
  });

  it('show the screen the server permits, whatever the role says on the client', async () => {
    signIn({ name: 'helper@example.com', role: 'support' });
    serveScreens({});
    renderAppAt('/admin/products');
    expect(await findHeading('Products')).toBeTruthy();
  });

  it('ask the server for the bundles screen on the bundles list (decision 057)', async () => {
    signIn({ name: 'admin', role: 'admin' });
    serveScreens({ bundles: [403, 'Not permitted'] });
    renderAppAt('/admin/bundles');
    await findMain('Not permitted');
    expect(screenCalls()).toEqual(['/api/admin/screens/bundles']);
  });

  // One address for every editor of a record not created yet: /admin/{kind}/new (decision 068). The page editor's
  // /admin/page/new?url=… (its code editor does not run in jsdom) is walked by e2e/tests/admin-pages-products.spec.ts.
  it.each([
    ['/admin/person/new', 'New Person (created on SAVE)'],
    ['/admin/product/new', 'New Product (created on SAVE PRODUCT)'],
    ['/admin/offer/new', 'New Offer (created on SAVE OFFER)'],
    ['/admin/bundle/new', 'New Bundle (created on SAVE BUNDLE)'],
  ])("open the editor of a new record at %s, which a content page's three segments would otherwise take", async (address, heading) => {
    signIn({ name: 'admin', role: 'admin' });
    serveNewRecords();
    renderAppAt(address);
    expect(await findHeading(heading)).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe(address.split('?')[0]);
  });

  it.each(['person', 'product', 'offer', 'bundle'])('move the older address /admin/%s/0 to the new-record address', async (kind) => {
    signIn({ name: 'admin', role: 'admin' });
    serveNewRecords();
    renderAppAt(`/admin/${kind}/0`);
    expect(await findHeading(/^New /)).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe(`/admin/${kind}/new`);
  });

  it('go to the login only when the server says the session is gone (401), or nobody is signed in', async () => {
    signIn({ name: 'helper@example.com', role: 'support' });
    serveScreens({ products: [401, 'Your session has ended. Please log in again.'] });
    renderAppAt('/admin/products');
    expect(await findHeading('Login or register')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/login');
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).toBeNull();
  });
});

describe('back-office addresses with three segments', () => {
  // A content page may have three segments (`/:p1?/:p2?/:p3?`); an address under /admin/ is never one.
  it('open the back-office screen, not a content page', async () => {
    signIn({ name: 'admin', role: 'admin' });
    serveScreens({ offers: [403, 'Only the administrator may do this.'] });
    renderAppAt('/admin/offer/5');
    expect(await findMain('Not permitted')).toBeTruthy();
    expect(screenCalls()).toEqual(['/api/admin/screens/offers']);
    expect(screen.getByTestId('path').textContent).toBe('/admin/offer/5');
  });

  it('still leave four segments to no page at all', async () => {
    serveScreens({});
    renderAppAt('/help/a/b/c');
    expect(await screen.findByTestId('path')).toBeTruthy();
    await screen.findByText('/', { selector: '[data-testid="path"]' }, { timeout: 15_000 });
  });
});
