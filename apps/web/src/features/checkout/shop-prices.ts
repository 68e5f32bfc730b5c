import type { CatalogueItem } from '@store/contracts/checkout';
import { addProduct, ensureCheckoutLoaded } from '../../lib/checkout/checkout-actions';
import { openCartPanel, reportCheckoutFailure } from './cart-panel-store';
import { findCatalogueItem, getCheckoutState, subscribeToCheckout } from '../../lib/checkout/checkout-store';
import { formatDiscount, formatMoney } from '../../lib/checkout/format-money';
import './_shop-price.scss';
import { warnOfCheckoutFailure } from '../../lib/checkout/checkout-failure';

const PRICE_SELECTOR = 'shop-price[product]';
const BUY_ATTRIBUTE = 'product-to-checkout';

/** What a `<shop-price>` placeholder shows (spec §4). */
export type ShopPriceView =
  | { kind: 'nothing' }
  | { kind: 'price'; price: string }
  | { kind: 'discounted'; price: string; originalPrice: string; discount: string }
  | { kind: 'discount-only'; discount: string };

/**
 * Spec §4 for a matching product: small without discount shows nothing; a discount shows the discounted price
 * without tax plus " + VAT", the struck-through original price and "N % OFF" (small: only "N % OFF"); no
 * discount and not small shows the price plus " + VAT" in the currency.
 */
export function describeShopPrice(item: CatalogueItem, currency: string, isSmall: boolean): ShopPriceView {
  const hasDiscount = item.discountPercentValue > 0;
  if (!hasDiscount)
    return isSmall ? { kind: 'nothing' } : { kind: 'price', price: `${formatMoney(item.priceValueWithoutTax, currency)} + VAT` };
  const discount = formatDiscount(item.discountPercentValue);
  if (isSmall) return { kind: 'discount-only', discount };
  return {
    kind: 'discounted',
    price: `${formatMoney(item.priceValueWithoutTax, currency)} + VAT`,
    originalPrice: formatMoney(item.priceValueWithoutTaxAndDiscounts, currency),
    discount,
  };
}

const span = (className: string, text: string) => {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
};

/** Writes a view into its placeholder (text nodes only: nothing of the catalogue is read as HTML). */
export function renderShopPrice(element: Element, view: ShopPriceView): void {
  const discountBadge = (text: string) => span('shop-price-discount badge text-bg-danger', text);
  switch (view.kind) {
    case 'nothing':
      element.replaceChildren();
      return;
    case 'price':
      element.replaceChildren(span('shop-price-value', view.price));
      return;
    case 'discount-only':
      element.replaceChildren(discountBadge(view.discount));
      return;
    case 'discounted': {
      const original = document.createElement('s');
      original.className = 'shop-price-original text-body-secondary';
      original.textContent = view.originalPrice;
      element.replaceChildren(span('shop-price-value', view.price), ' ', original, ' ', discountBadge(view.discount));
    }
  }
}

function renderAll(container: HTMLElement): void {
  const { data, catalogue } = getCheckoutState();
  if (!data) return;
  for (const element of container.querySelectorAll(PRICE_SELECTOR)) {
    const item = findCatalogueItem(catalogue, element.getAttribute('product') ?? '');
    const view = item ? describeShopPrice(item, data.currency, element.getAttribute('small') === 'true') : { kind: 'nothing' as const };
    renderShopPrice(element, view);
  }
}

/**
 * The content page's enhancer (spec §2 "Content page behaviour", §4): fills the `<shop-price product small>`
 * placeholders from the checkout catalogue whenever it changes, and makes `product-to-checkout` elements add
 * their product to the cart. Loads the checkout script only for pages that have such elements. Answers the
 * cleanup for the next page.
 */
export function renderShopPrices(container: HTMLElement): (() => void) | undefined {
  const hasShopElements = container.querySelector(`${PRICE_SELECTOR}, [${BUY_ATTRIBUTE}]`) !== null;
  if (!hasShopElements) return undefined;

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest(`[${BUY_ATTRIBUTE}]`) : null;
    if (!button || !container.contains(button)) return;
    // The buttons are submit buttons: they must not submit a surrounding form.
    event.preventDefault();
    const product = button.getAttribute(BUY_ATTRIBUTE)?.trim();
    // The cart opens with the product in it, so the visitor sees what happened and can check out at once; or with
    // the reason the checkout could not take it.
    if (product) addProduct(product).then(openCartPanel).catch(reportCheckoutFailure);
  };
  container.addEventListener('click', onClick);
  const unsubscribe = subscribeToCheckout(() => renderAll(container));
  renderAll(container);
  ensureCheckoutLoaded().catch(warnOfCheckoutFailure);
  return () => {
    unsubscribe();
    container.removeEventListener('click', onClick);
  };
}
