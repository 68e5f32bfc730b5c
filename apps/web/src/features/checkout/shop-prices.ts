/**
 * Hook point of the shop (next issue): fills the `<shop-price product small>` placeholders and wires the
 * `product-to-checkout` buttons inside a content page's HTML. The router hands it to ContentPage as its
 * `enhance` function; it runs after each page is shown and may return a cleanup function.
 */
export function renderShopPrices(_container: HTMLElement): void {
  // Nothing yet: prices and buy buttons come with the checkout.
}
