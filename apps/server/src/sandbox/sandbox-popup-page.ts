import type { PricedCart } from './sandbox-pricing.js';
import type { CheckoutSettings } from './sandbox.repository.js';
import type { CheckoutSession } from './sandbox-session-token.js';
import { sandboxTaxRules, taxOf, taxRuleFor, type TaxRule } from './sandbox-tax.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const styles = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:transparent;color:#212529}
.backdrop{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}
.dialog{background:#fff;border-radius:.5rem;box-shadow:0 .5rem 2rem rgba(0,0,0,.35);width:100%;max-width:26rem;padding:1.25rem 1.5rem}
header{display:flex;justify-content:space-between;align-items:center}h1{font-size:1.25rem;margin:0}
.close{border:0;background:none;font-size:1.6rem;line-height:1;cursor:pointer;color:#6c757d}
.note{background:#fff3cd;color:#664d03;border-radius:.25rem;padding:.4rem .6rem;font-size:.85rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0 1rem}td{padding:.2rem 0}td.amount{text-align:right}
tr.includes td{font-size:.85rem;color:#6c757d;padding-top:0}tr.total td{border-top:1px solid #dee2e6;font-weight:600;padding-top:.4rem}
label{display:block;font-size:.9rem;margin:.6rem 0 .2rem}
input,select{width:100%;box-sizing:border-box;padding:.45rem .6rem;border:1px solid #ced4da;border-radius:.25rem;font-size:1rem;background:#fff}
.currency{font-size:.85rem;color:#495057;margin:.6rem 0 0}tr.discount td{color:#146c43}
input[readonly]{background:#e9ecef}
button.pay{margin-top:1rem;width:100%;padding:.6rem;border:0;border-radius:.25rem;background:#0d6efd;color:#fff;font-size:1rem;cursor:pointer}
button.pay:disabled{opacity:.6;cursor:wait}.error{color:#dc3545;font-size:.9rem;min-height:1.2em;margin:.5rem 0 0}`;

const row = (label: string, amount: string, className = '') =>
  `<tr class="${className}"><td>${escapeHtml(label)}</td><td class="amount">${escapeHtml(amount)}</td></tr>`;

/** "A", "A and B", "A, B and C". */
const listOf = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

/** An amount as the shop writes it (apps/web's formatMoney): the currency's code, then 2 decimals, "USD 1,049.00". */
const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatSiteMoney = (cents: number, currency: string) => `${currency} ${amountFormat.format(cents / 100)}`;

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (sandbox)</title><style>${styles}</style></head>
<body><div class="backdrop"><div class="dialog" role="dialog" aria-modal="true" aria-labelledby="fsc-title">
<header><h1 id="fsc-title">Checkout</h1><button type="button" class="close" id="fsc-cancel" aria-label="Close">&times;</button></header>
${body}
</div></div><script src="/sandbox/popup.js"></script></body></html>`;

/** The tax line and the total for one country: shown while that country is chosen (popup.js switches them). */
function countryRows(options: { priced: PricedCart; rule: TaxRule; isChosen: boolean }): string {
  const { priced, rule, isChosen } = options;
  const money = (cents: number) => formatSiteMoney(cents, priced.currency);
  const taxCents = taxOf(priced.totalCents, rule.ratePercent);
  const taxLabel =
    rule.ratePercent === 0
      ? `${rule.taxType} (${rule.countryName}, digital goods)`
      : `${rule.taxType} ${rule.ratePercent}% (${rule.countryName})`;
  return `<tbody data-country="${escapeHtml(rule.country)}"${isChosen ? '' : ' hidden'}>${row(taxLabel, money(taxCents))}${row(
    'Total',
    money(priced.totalCents + taxCents),
    'total',
  )}</tbody>`;
}

/**
 * The stand-in's payment popup, laid out as FastSpring's (decision 061): the currency, the items at their price,
 * one discount line when a coupon or discount applies, the tax of the chosen country and the total; a form with
 * Email, First name, Last name, a Country list and Pay. Each listed country's tax and total are in the page, and
 * choosing one shows its own (popup.js); paying prices the order for that country with the same rule.
 */
export function renderPopupPage(options: {
  token: string;
  session: CheckoutSession;
  priced: PricedCart;
  country: string;
  settings: CheckoutSettings;
}): string {
  const { token, session, priced } = options;
  const money = (cents: number) => formatSiteMoney(cents, priced.currency);
  const contact = { ...session.cart.paymentContact, ...session.cart.contact };
  // A secure session's contact is locked (decision 036): the email is shown, not edited.
  const isEmailLocked = session.cart.contact !== undefined;
  const chosen = taxRuleFor(options.country, options.settings);
  const rules = sandboxTaxRules.some((rule) => rule.country === chosen.country) ? sandboxTaxRules : [chosen, ...sandboxTaxRules];
  const lines = priced.items
    .filter((item) => item.isSelected)
    .flatMap((item) => [
      row(`${item.display} × ${item.quantity}`, money(item.unitCents * item.quantity)),
      ...(item.parts.length > 0 ? [row(`Includes ${listOf(item.parts.map((part) => part.display))}`, '', 'includes')] : []),
    ]);
  if (priced.discountCents > 0) {
    const label = priced.coupons.length > 0 ? `Discount (coupon ${priced.coupons.join(', ')})` : 'Discount';
    lines.push(row(label, `−${money(priced.discountCents)}`, 'discount'));
  }
  const field = (id: string, label: string, type: string, value: string, autocomplete: string, isLocked = false) =>
    `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}" required${isLocked ? ' readonly' : ''}>`;
  const countryOptions = rules
    .map(
      (rule) =>
        `<option value="${escapeHtml(rule.country)}"${rule.country === chosen.country ? ' selected' : ''}>${escapeHtml(rule.countryName)}</option>`,
    )
    .join('');
  return page(`<p class="note">Sandbox: test mode, no payment is taken. Tax follows the sandbox's rules by country.</p>
<p class="currency">Prices in ${escapeHtml(priced.currency)}</p>
<table aria-label="Order summary"><tbody>${lines.join('')}</tbody>${rules
    .map((rule) => countryRows({ priced, rule, isChosen: rule.country === chosen.country }))
    .join('')}</table>
<form id="fsc-pay-form" data-session="${escapeHtml(token)}" data-origin="${escapeHtml(session.origin ?? '')}" novalidate>
${field('email', 'Email', 'email', contact.email ?? '', 'email', isEmailLocked)}
${field('firstName', 'First name', 'text', contact.firstName ?? '', 'given-name')}
${field('lastName', 'Last name', 'text', contact.lastName ?? '', 'family-name')}
<label for="country">Country</label><select id="country" name="country" autocomplete="country" required>${countryOptions}</select>
<p class="error" id="fsc-error" role="alert"></p>
<button type="submit" class="pay">Pay</button>
</form>`);
}

/** The popup for a session that cannot be used (forged or expired): the reason and the close button. */
export function renderPopupErrorPage(message: string): string {
  return page(`<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
