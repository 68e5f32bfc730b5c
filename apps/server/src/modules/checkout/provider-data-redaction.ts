// What stays of FastSpring's order and return data once the person it is about is erased (decision 040,
// docs/PRIVACY.md): the purchase as a tax record (ids, reference, dates, currency, amounts, the products and quantities,
// the coupons, the buyer's country), nothing that names or reaches the person (customer, account, addresses but the
// country, recipients, tags, payment details, notes). A list of what stays, not of what goes: a field FastSpring adds
// tomorrow goes too.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const MONEY = ['subtotal', 'discount', 'tax', 'total', 'totalReturn'];

/** The named fields of `source` that hold a plain value (text, number, true or false, null). */
const plainFields = (source: Json, names: readonly string[]): Json =>
  Object.fromEntries(
    names.flatMap((name) => {
      const value = source[name];
      return value === null || ['string', 'number', 'boolean'].includes(typeof value) ? [[name, value]] : [];
    }),
  );

/** An order's or a return's data as a tax record, marked `personalDataErased`. */
export function providerDataWithoutPerson(data: unknown): Json {
  if (!isObject(data)) return { personalDataErased: true };
  const country = isObject(data.address) && typeof data.address.country === 'string' ? data.address.country : undefined;
  return {
    ...plainFields(data, ['id', 'order', 'return', 'reference', 'completed', 'changed', 'live', 'currency', 'payoutCurrency', ...MONEY]),
    ...(Array.isArray(data.coupons) ? { coupons: data.coupons.filter((code) => typeof code === 'string') } : {}),
    ...(country === undefined ? {} : { address: { country } }),
    ...(isObject(data.original) ? { original: plainFields(data.original, ['id', 'order', 'reference']) } : {}),
    ...(Array.isArray(data.items)
      ? { items: data.items.filter(isObject).map((item) => plainFields(item, ['product', 'quantity', 'refundType', ...MONEY])) }
      : {}),
    personalDataErased: true,
  };
}

/** A stored webhook event with its data reduced to the tax record. */
export function providerEventWithoutPerson(event: unknown): Json {
  if (!isObject(event)) return { data: providerDataWithoutPerson(undefined) };
  return { ...plainFields(event, ['id', 'type', 'live', 'processed', 'created']), data: providerDataWithoutPerson(event.data) };
}
