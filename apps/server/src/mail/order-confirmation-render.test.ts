import { createElement } from 'react';
import type * as ReactDomServer from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { composeMail } from './compose-mail.js';
import { orderConfirmationMail, type LicenceOfMail } from './licence-mails.js';
import { OrderConfirmation } from './templates/licence-keys.js';

// Counts the renders of React templates, to see the confirmation's template rendered once per shape.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-dom/server', async (importOriginal) => {
  const original = await importOriginal<typeof ReactDomServer>();
  return {
    ...original,
    renderToStaticMarkup: (...args: Parameters<typeof original.renderToStaticMarkup>) => {
      renders.count++;
      return original.renderToStaticMarkup(...args);
    },
  };
});

const licenceOf = (id: number, productName: string, serial = `SER-${id}-ABCD`): LicenceOfMail => ({
  productName,
  useRsa2048: id % 2 === 0,
  order: { id, serial, serial_new: `new key file ${id}`, serial_2048: `2048 key file ${id}` },
});

type Confirmation = Parameters<typeof orderConfirmationMail>[0];

/** The confirmation as the template renders it for these very values, with no reuse of an earlier render. */
function renderedDirectly(options: Confirmation) {
  const mail = orderConfirmationMail(options);
  const signIn = options.signIn ?? { kind: 'signIn' as const, url: `${options.siteUrl}/login` };
  const direct = composeMail({
    to: options.to,
    subject: mail.subject,
    body: createElement(OrderConfirmation, {
      to: options.to,
      ownerName: options.ownerName,
      orderReference: options.orderReference,
      licences: options.licences.map((licence, index) => ({
        orderId: licence.order.id,
        productName: licence.productName,
        serial: licence.order.serial,
        keyFileName: mail.attachments![index]!.filename,
      })),
      siteUrl: options.siteUrl,
      signIn,
    }),
  });
  return { mail, direct };
}

const siteUrl = 'https://store.example';
const cases: Confirmation[] = [
  { to: 'ann@example.com', ownerName: 'Ann Lee', orderReference: 'FS-1', licences: [licenceOf(1, 'Spacey')], siteUrl },
  { to: 'bo@example.com', ownerName: 'Bo Ek', orderReference: 'FS-2', licences: [licenceOf(22, 'Punch')], siteUrl },
  { to: 'cy@example.com', ownerName: '', orderReference: 'FS-3', licences: [licenceOf(3, 'Tapewarm', '')], siteUrl },
  {
    to: 'di@example.com',
    ownerName: 'Di',
    orderReference: 'FS-4',
    licences: [licenceOf(4, 'Spacey'), licenceOf(5, 'Punch'), licenceOf(6, 'Tapewarm')],
    siteUrl,
    signIn: { kind: 'setPassword', url: `${siteUrl}/set-password?token=abc&x=1` },
  },
  {
    to: 'ed+tag@example.com',
    ownerName: "Ed O'Brien & <Co>",
    orderReference: 'FS-5 <b>',
    licences: [licenceOf(7, 'Spacey'), licenceOf(8, 'Spacey')],
    siteUrl,
    signIn: { kind: 'confirm', url: `${siteUrl}/confirm/xyz` },
  },
  { to: 'fa@example.com', ownerName: 'Fa  Two   Spaces', orderReference: 'FS-6', licences: [licenceOf(9, 'Punch')], siteUrl },
  { to: 'gu@example.com', ownerName: 'Gu', orderReference: 'FS-7', licences: [licenceOf(10, 'Spacey'), licenceOf(11, 'Punch')], siteUrl },
];

describe('the order confirmation', () => {
  it('is the very mail its template renders for the values, whatever the shape and however often it was made', () => {
    for (let round = 0; round < 2; round++) {
      for (const options of cases) {
        const { mail, direct } = renderedDirectly(options);
        expect(mail.html).toBe(direct.html);
        expect(mail.text).toBe(direct.text);
      }
    }
  });

  it('renders its template once per shape, not once per order (the values are put into the rendered mail)', () => {
    const orders = Array.from({ length: 20 }, (_, index) => ({
      to: `buyer.${index}@example.com`,
      ownerName: `Jane Doe ${index}`,
      orderReference: `BENCH-${index}`,
      licences: [licenceOf(1000 + index, 'Punch')],
      siteUrl: 'https://shop.example',
    }));
    orderConfirmationMail(orders[0]!);
    const before = renders.count;
    const made = orders.map((options) => orderConfirmationMail(options));
    expect(renders.count - before).toBe(0);
    expect(made[7]!.text).toContain('Hello Jane Doe 7,');
    expect(made[7]!.html).toContain('#1007');
    for (const [index, mail] of made.entries()) {
      const { direct } = renderedDirectly(orders[index]!);
      expect(mail.html).toBe(direct.html);
      expect(mail.text).toBe(direct.text);
    }
  });
});
