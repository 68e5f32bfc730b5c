// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The checkout script's builder as far as promotions go. */
const builder = { promo: vi.fn() };

const ann = { name: 'ann@example.com', token: 'token-ann' };
const cartWith = (coupons: string[]) => ({ currency: 'USD', groups: [{ items: [] }], coupons });

/**
 * This file's modules afresh for each test (each keeps its state in the module: the session's subscribers, the
 * started checkout, the watch), with Ann signed in.
 */
async function freshPage() {
  vi.resetModules();
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(ann));
  return {
    session: await import('../session'),
    store: await import('./checkout-store'),
    loyalty: await import('./loyalty-code'),
  };
}

/** The script the checkout adds to the page, started as the real one starts: its builder, then its load event. */
function startScript() {
  (window as { fastspring?: unknown }).fastspring = { builder };
  document.querySelector('script#fsc-api')?.dispatchEvent(new Event('load'));
}

beforeEach(() => {
  (window as { fastspring?: unknown }).fastspring = { builder };
});
afterEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = '';
  delete (window as { fastspring?: unknown }).fastspring;
  builder.promo.mockClear();
});

describe("a customer's loyalty code in the kept cart (review 2026-11-28, finding 4)", () => {
  it('is taken back when the customer logs out', async () => {
    const { session, store, loyalty } = await freshPage();
    loyalty.watchLoyaltyCodeOwner();
    await loyalty.applyLoyaltyCode(ann.name, 'LOYAL-ANN');
    expect(builder.promo).toHaveBeenLastCalledWith('LOYAL-ANN');
    store.receiveCheckoutData(cartWith(['LOYAL-ANN']));

    session.logOut();
    await vi.waitFor(() => expect(builder.promo).toHaveBeenLastCalledWith(''));
    expect(window.localStorage.getItem('appliedLoyaltyCode')).toBeNull();
  });

  it('is taken back when someone else logs in, and stays while the owner is signed in', async () => {
    const { session, store, loyalty } = await freshPage();
    loyalty.watchLoyaltyCodeOwner();
    await loyalty.applyLoyaltyCode(ann.name, 'LOYAL-ANN');
    store.receiveCheckoutData(cartWith(['LOYAL-ANN']));

    session.logIn(ann);
    await loyalty.withdrawLoyaltyCodeOfOthers();
    expect(builder.promo).not.toHaveBeenCalledWith('');

    session.logIn({ name: 'bob@example.com', token: 'token-bob' });
    await vi.waitFor(() => expect(builder.promo).toHaveBeenLastCalledWith(''));
  });

  it('is taken back on a later page, which starts the checkout to resume the saved session', async () => {
    window.localStorage.setItem('appliedLoyaltyCode', JSON.stringify({ owner: ann.name, code: 'LOYAL-ANN' }));
    window.localStorage.setItem('fscSerial-', JSON.stringify({ session: { coupon: 'LOYAL-ANN' }, expires: Date.now() + 60_000 }));
    const { loyalty } = await freshPage();
    window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY);
    delete (window as { fastspring?: unknown }).fastspring;

    const withdrawn = loyalty.withdrawLoyaltyCodeOfOthers();
    expect(document.querySelector('script#fsc-api')).not.toBeNull();
    startScript();
    await withdrawn;
    expect(builder.promo).toHaveBeenCalledWith('');
  });

  it('starts no checkout when nothing may hold the code, and leaves a code someone applied since', async () => {
    window.localStorage.setItem('appliedLoyaltyCode', JSON.stringify({ owner: ann.name, code: 'LOYAL-ANN' }));
    const { store, loyalty } = await freshPage();
    window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY);
    delete (window as { fastspring?: unknown }).fastspring;
    await loyalty.withdrawLoyaltyCodeOfOthers();
    expect(document.querySelector('script#fsc-api')).toBeNull();
    expect(window.localStorage.getItem('appliedLoyaltyCode')).toBeNull();

    (window as { fastspring?: unknown }).fastspring = { builder };
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(ann));
    await loyalty.applyLoyaltyCode(ann.name, 'LOYAL-ANN');
    store.receiveCheckoutData(cartWith(['SUMMER']));
    window.localStorage.removeItem(CURRENT_USER_STORAGE_KEY);
    await loyalty.withdrawLoyaltyCodeOfOthers();
    expect(builder.promo).not.toHaveBeenCalledWith('');
  });
});
