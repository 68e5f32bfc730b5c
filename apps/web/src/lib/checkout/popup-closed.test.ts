import { messages } from '@store/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { navigateFromCheckout } from './checkout-navigation';
import { handlePopupClosed } from './checkout-script';

vi.mock('./checkout-navigation', () => ({ navigateFromCheckout: vi.fn() }));

describe('handlePopupClosed: what the message view is told (decision 037)', () => {
  it("hands the message view the order's id and reference beside the thanks", () => {
    handlePopupClosed({ id: 'nlVJ9hFOTiSp9jVGUNQr0A', reference: 'SBX261127-1234-56789' });
    expect(navigateFromCheckout).toHaveBeenLastCalledWith('/messageview', {
      state: {
        message: messages.thanksForPurchase,
        next: { kind: 'purchase', orderId: 'nlVJ9hFOTiSp9jVGUNQr0A', reference: 'SBX261127-1234-56789' },
      },
    });
  });

  it('keeps the thanks alone when only a reference came back, and goes nowhere without an order', () => {
    handlePopupClosed({ reference: 'SBX261127-1234-56789' });
    expect(navigateFromCheckout).toHaveBeenLastCalledWith('/messageview', { state: { message: messages.thanksForPurchase } });
    vi.mocked(navigateFromCheckout).mockClear();
    handlePopupClosed(null);
    expect(navigateFromCheckout).not.toHaveBeenCalled();
  });
});
