// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlePopupClosed, loadCheckout } from './checkout-script';
import { getCheckoutState } from './checkout-store';

describe('loadCheckout', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as { fastspring?: unknown }).fastspring;
  });

  it('adds one script#fsc-api with the sandbox source when the page names no storefront, and answers its builder', async () => {
    const first = loadCheckout();
    const second = loadCheckout();
    const scripts = document.querySelectorAll('script#fsc-api');
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.getAttribute('src')).toBe('/sandbox/sbl.js');
    expect(script.getAttribute('data-storefront')).toBe('');
    expect(script.getAttribute('data-popup-closed')).toBe('onFSPopupClosed');
    // Continuous mode: a checkout closed without an order keeps the cart, across page loads too (docs/fastspring-protocol.md §1.6).
    expect(script.getAttribute('data-continuous')).toBe('true');
    const dataCallback = script.getAttribute('data-data-callback') ?? '';

    const builder = { push: vi.fn() };
    (window as { fastspring?: unknown }).fastspring = { builder };
    script.dispatchEvent(new Event('load'));
    expect(await first).toBe(builder);
    expect(second).toBe(first);

    // The script calls the data callback by name on window.
    (window as unknown as Record<string, (data: unknown) => void>)[dataCallback]?.({ currency: 'CHF', groups: [] });
    expect(getCheckoutState().data?.currency).toBe('CHF');
  });
});

describe('loadCheckout with a storefront', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.resetModules();
  });

  it("loads FastSpring's Store Builder Library for the storefront the server named", async () => {
    vi.resetModules();
    document.head.innerHTML = '<meta name="checkout-storefront" content="vendor.test.onfastspring.com/popup-vendor">';
    const fresh = await import('./checkout-script');
    void fresh.loadCheckout().catch(() => undefined);
    const script = document.querySelector('script#fsc-api');
    expect(script?.getAttribute('src')).toMatch(/^https:\/\/sbl\.onfastspring\.com\/sbl\/[\d.]+\/fastspring-builder\.min\.js$/);
    expect(script?.getAttribute('data-storefront')).toBe('vendor.test.onfastspring.com/popup-vendor');
    expect(script?.hasAttribute('data-access-key')).toBe(false);
  });

  it('gives the script the access key the server named, which secure payloads need (decision 036)', async () => {
    vi.resetModules();
    document.head.innerHTML =
      '<meta name="checkout-storefront" content="vendor.onfastspring.com/popup-vendor"><meta name="checkout-access-key" content="AK-123">';
    const fresh = await import('./checkout-script');
    void fresh.loadCheckout().catch(() => undefined);
    expect(document.querySelector('script#fsc-api')?.getAttribute('data-access-key')).toBe('AK-123');
  });
});

describe('handlePopupClosed', () => {
  it('goes to the message view with the thanks only when an order id or reference came back', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    handlePopupClosed(null);
    handlePopupClosed({});
    expect(assign).not.toHaveBeenCalled();
    handlePopupClosed({ id: 'abc', reference: 'SBX-1' });
    expect(assign).toHaveBeenCalledWith('/messageview');
    vi.unstubAllGlobals();
    expect(messages.thanksForPurchase).toBe('Thanks for your purchase. ');
  });
});

describe('a checkout closed without an order', () => {
  const catalogue = (paths: string[]) => ({
    currency: 'USD',
    groups: [{ items: paths.map((path) => ({ path, display: path, selected: true, priceValueWithoutTax: 10 })) }],
  });
  const dataCallback = () => {
    const name = document.querySelector('script#fsc-api')?.getAttribute('data-data-callback') ?? '';
    return (window as unknown as Record<string, (data: unknown) => void>)[name]!;
  };
  const builder = { push: vi.fn(), reset: vi.fn() };

  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as { fastspring?: unknown }).fastspring;
    builder.reset.mockClear();
    vi.resetModules();
  });

  async function loadedScript() {
    vi.resetModules();
    const fresh = await import('./checkout-script');
    const loading = fresh.loadCheckout();
    (window as { fastspring?: unknown }).fastspring = { builder };
    document.querySelector('script#fsc-api')?.dispatchEvent(new Event('load'));
    await loading;
    return fresh;
  }

  it("keeps the shopper's items: the script refreshes the session and nothing is reset", async () => {
    const { handlePopupClosed } = await loadedScript();
    dataCallback()(catalogue(['spacey', 'punch']));
    handlePopupClosed(null);
    dataCallback()(catalogue(['spacey', 'punch']));
    expect(builder.reset).not.toHaveBeenCalled();
  });

  it('does not leave a licence transfer in the cart: the cancelled transfer is reset once the script has answered', async () => {
    const { handlePopupClosed } = await loadedScript();
    dataCallback()(catalogue(['licensetransfer']));
    handlePopupClosed(null);
    expect(builder.reset).not.toHaveBeenCalled();
    dataCallback()(catalogue(['licensetransfer']));
    expect(builder.reset).toHaveBeenCalledTimes(1);
    // Only the answer that follows the close is checked.
    dataCallback()(catalogue(['licensetransfer']));
    expect(builder.reset).toHaveBeenCalledTimes(1);
  });
});
