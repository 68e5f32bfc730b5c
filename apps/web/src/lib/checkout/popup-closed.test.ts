// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as checkoutNavigation from './checkout-navigation';
import { navigateFromCheckout } from './checkout-navigation';
import { handlePopupClosed } from './checkout-script';

vi.mock('./checkout-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof checkoutNavigation>()),
  navigateFromCheckout: vi.fn(),
}));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('handlePopupClosed: what the message view is told (decision 037)', () => {
  it("hands the message view the order's id and reference beside the thanks", () => {
    handlePopupClosed({ id: 'nlVJ9hFOTiSp9jVGUNQr0A', reference: 'SBX261127-1234-56789' });
    expect(navigateFromCheckout).toHaveBeenLastCalledWith('/messageview', {
      state: {
        message: messages.thanksForPurchase,
        next: { kind: 'purchase', orderId: 'nlVJ9hFOTiSp9jVGUNQr0A', reference: 'SBX261127-1234-56789' },
      },
      replace: false,
    });
  });

  it('keeps the thanks alone when only a reference came back, and goes nowhere without an order', () => {
    handlePopupClosed({ reference: 'SBX261127-1234-56789' });
    expect(navigateFromCheckout).toHaveBeenLastCalledWith('/messageview', {
      state: { message: messages.thanksForPurchase },
      replace: false,
    });
    vi.mocked(navigateFromCheckout).mockClear();
    handlePopupClosed(null);
    expect(navigateFromCheckout).not.toHaveBeenCalled();
  });

  it('takes the place of a screen that started the checkout, so Back does not start it again', () => {
    for (const path of ['/directurlcheckout/spacey/SUMMER', '/directurlcheckout/SUMMER', '/purchase/Spacey', '/transferlicense/12']) {
      window.history.replaceState(null, '', path);
      handlePopupClosed({ id: 'order-1', reference: 'SBX-1' });
      expect(vi.mocked(navigateFromCheckout).mock.lastCall?.[1]?.replace, path).toBe(true);
    }
    window.history.replaceState(null, '', '/products/spacey');
    handlePopupClosed({ id: 'order-1', reference: 'SBX-1' });
    expect(vi.mocked(navigateFromCheckout).mock.lastCall?.[1]?.replace).toBe(false);
  });
});
