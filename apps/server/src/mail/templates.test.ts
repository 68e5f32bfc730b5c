import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { licenceTransferredMail, refundMail, releaseNoticeMail, supportRequestMail } from './customer-templates.js';
import { keyFileNamesOf, licenceMail, licenceReceivedMail, orderConfirmationMail, type LicenceOfMail } from './licence-mails.js';
import { passwordResetMail } from './templates.js';

describe('mails from templates', () => {
  it('are HTML documents with a plain-text alternative made from the same template', () => {
    const mail = passwordResetMail({ to: 'ann@example.com', password: 'Kx7-pq2', siteUrl: 'https://store.example' });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<a href="https://store.example/login"');
    expect(mail.text).toMatch(/Your new password: Kx7-pq2/);
    expect(mail.text).toContain('Your new password'); // the heading keeps its case in the text part
    expect(mail.text).not.toContain('<');
  });

  it('have the plain text React Email makes of their HTML, headings in their own case (converter compiled once)', () => {
    const mails = [
      passwordResetMail({ to: 'ann@example.com', password: 'Kx7-pq2', siteUrl: 'https://store.example' }),
      licenceTransferredMail({
        to: 'old@example.com',
        ownerName: 'Old Owner',
        productName: 'Spacey',
        newOwnerName: 'New Owner',
        siteUrl: 'https://store.example',
      }),
    ];
    for (const mail of mails) {
      const expected = toPlainText(mail.html!, { selectors: [{ selector: 'h1', options: { uppercase: false } }] }).trim();
      expect(mail.text).toBe(expected);
    }
  });

  it('announce a release in HTML and text, with its notes, the unsubscribe link and the one-click headers', () => {
    const mail = releaseNoticeMail({
      to: 'ann@example.com',
      ownerName: 'Ann',
      title: 'Spacey 1.3.0 is available',
      notes: 'Shimmer <fixed>\nNew presets',
      siteUrl: 'https://store.example',
      unsubscribeUrl: 'https://store.example/unsubscribe/u1.7.sig',
      oneClickUrl: 'https://store.example/api/release-mail/unsubscribe?token=u1.7.sig',
    });
    expect(mail).toMatchObject({ subject: 'Spacey 1.3.0 is available', kind: 'release' });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('Shimmer &lt;fixed&gt;');
    expect(mail.html).toContain('<a href="https://store.example/unsubscribe/u1.7.sig"');
    expect(mail.text).toMatch(/Shimmer <fixed>\nNew presets/);
    expect(mail.text).toContain('Unsubscribe: https://store.example/unsubscribe/u1.7.sig');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://store.example/api/release-mail/unsubscribe?token=u1.7.sig>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('escape what customers typed in the HTML part and keep its line breaks', () => {
    const mail = supportRequestMail({
      to: 'help@example.com',
      customerEmail: 'eve@example.com',
      productName: '<script>alert(1)</script>',
      operatingSystem: 'macOS 15, Logic',
      problemDescription: 'First line\nSecond line',
      requestId: 12,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toMatch(/First line(<\/span><span>)?<br\/>Second line/);
    expect(mail.text).toMatch(/First line\nSecond line/);
    expect(mail.replyTo).toBe('eve@example.com');
  });

  it('confirm an order once, listing every licence with its own key file', () => {
    const mail = orderConfirmationMail({
      to: 'ann@example.com',
      ownerName: 'Ann Smith',
      orderReference: 'SBX261124-1234-56789',
      siteUrl: 'https://store.example',
      licences: [
        { productName: 'Spacey', useRsa2048: true, order: { id: 41, serial: 'SPACEY-0001', serial_new: 'old-41', serial_2048: 'key-41' } },
        { productName: 'Punch', useRsa2048: false, order: { id: 42, serial: '', serial_new: 'key-42', serial_2048: '' } },
        { productName: 'Punch', useRsa2048: false, order: { id: 43, serial: '', serial_new: 'key-43', serial_2048: '' } },
      ],
    });
    expect(mail.subject).toBe('Your order SBX261124-1234-56789: Spacey, Punch');
    expect(mail.attachments).toEqual([
      { filename: 'Spacey_SerialKey.txt', content: 'key-41', contentType: 'text/plain' },
      { filename: 'Punch_SerialKey_42.txt', content: 'key-42', contentType: 'text/plain' },
      { filename: 'Punch_SerialKey_43.txt', content: 'key-43', contentType: 'text/plain' },
    ]);
    for (const line of ['Serial number: SPACEY-0001', 'Licence: #42', 'Licence: #43', 'These 3 licences are'])
      expect(mail.text).toContain(line);
    expect(mail.html).toContain('https://store.example/userarea');
  });

  it('lead every licence mail into the account with the same words and link, a single-use one kept secret', () => {
    const licence = { productName: 'Spacey', useRsa2048: false, order: { id: 9, serial: '', serial_new: 'k', serial_2048: '' } };
    const common = { to: 'ann@example.com', ownerName: 'Ann', siteUrl: 'https://s.example' };
    const link = 'https://s.example/account/confirm/tok-123';
    for (const kind of ['setPassword', 'confirm'] as const) {
      const signIn = { kind, url: link };
      const mails = [
        orderConfirmationMail({ ...common, orderReference: 'SBX-1', licences: [licence], signIn }),
        licenceMail({ ...common, licence, reason: 'activation', signIn }),
        licenceReceivedMail({ ...common, licence, signIn }),
      ];
      for (const mail of mails) {
        expect(mail.html, mail.subject).toContain(`<a href="${link}"`);
        expect(mail.text, mail.subject).toContain(`Sign in to your account: open ${link} and choose your password`);
        expect(mail.text, mail.subject).toMatch(/Sign in to your account\s*\[?https:\/\/s\.example\/account\/confirm\/tok-123/);
        expect(mail.text, mail.subject).not.toMatch(/register (there|with this address)/i);
        expect(mail.containsSecret, mail.subject).toBe(true);
      }
    }
    const proven = orderConfirmationMail({ ...common, orderReference: 'SBX-1', licences: [licence] });
    expect(proven.text).toContain('Sign in to your account at https://s.example/login with ann@example.com.');
    expect(proven.html).toContain('<a href="https://s.example/userarea"');
    expect(proven.text).not.toMatch(/register (there|with this address)/i);
    expect(proven.containsSecret).toBeUndefined();
  });

  it('tell the payer of a refund what was refunded and which licences ended, as HTML and as text', () => {
    const common = { to: 'ann@example.com', customerName: 'Ann', orderReference: 'SBX-7', currency: 'EUR', siteUrl: 'https://s.example' };
    const whole = refundMail({ ...common, amount: 49, endedLicences: [{ orderId: 12, productName: 'Spacey' }] });
    expect(whole.subject).toBe('Refund of your order SBX-7');
    expect(whole.text).toContain('EUR 49.00 of your order SBX-7 has been refunded');
    expect(whole.text).toContain('Licences ended: Spacey (licence #12)');
    expect(whole.text).toContain('uninstall it');
    expect(whole.html).toContain('Spacey (licence #12)');
    expect(whole.html).toContain('<a href="https://s.example/support"');
    const partial = refundMail({ ...common, amount: 5.5, endedLicences: [] });
    expect(partial.text).toContain('Licences ended: none: your licences stay active');
    expect(partial.text).not.toContain('uninstall');
  });

  it('name single key files as the specification does', () => {
    expect(keyFileNamesOf([{ orderId: 1, productName: 'Spacey' }])).toEqual(['Spacey_SerialKey.txt']);
  });

  it('tell each side of a transfer what happened and what to do next', () => {
    const licence = { productName: 'Spacey', useRsa2048: true, order: { id: 9, serial: 'S-2', serial_new: 'k1024', serial_2048: 'k2048' } };
    const received = licenceReceivedMail({ to: 'bo@example.com', ownerName: 'Bo', licence, siteUrl: 'https://s.example' });
    expect(received.subject).toBe('A Spacey licence is now yours');
    expect(received.attachments).toEqual([{ filename: 'Spacey_SerialKey.txt', content: 'k2048', contentType: 'text/plain' }]);
    expect(received.text).toContain('Download the installer');
    const away = licenceTransferredMail({
      to: 'ann@example.com',
      ownerName: 'Ann',
      productName: 'Spacey',
      newOwnerName: 'Bo',
      siteUrl: 'https://s.example',
    });
    expect(away.text).toContain('transferred to Bo');
    expect(away.text).toContain('uninstall it');
    expect(away.text).toContain('https://s.example/support');
  });

  it('show a licence the same way in every mail that carries it: one block, one key file', () => {
    const mailsOf = (licence: LicenceOfMail) => {
      const common = { to: 'ann@example.com', ownerName: 'Ann', siteUrl: 'https://s.example' };
      return [
        licenceMail({ ...common, licence, reason: 'activation' }),
        licenceMail({ ...common, licence, reason: 'resend' }),
        orderConfirmationMail({ ...common, orderReference: 'SBX-1', licences: [licence] }),
        licenceReceivedMail({ ...common, licence }),
      ];
    };
    const order = { id: 9, serial: 'S-2', serial_new: 'k1024' };
    const cases = [
      { licence: { productName: 'Spacey', useRsa2048: true, order: { ...order, serial_2048: 'k2048' } }, keyFile: 'k2048' },
      // A licence of an RSA 2048 product issued without a 2048-bit file: its 1024-bit file, never an empty one.
      { licence: { productName: 'Spacey', useRsa2048: true, order: { ...order, serial_2048: '' } }, keyFile: 'k1024' },
      { licence: { productName: 'Spacey', useRsa2048: false, order: { ...order, serial_2048: 'k2048' } }, keyFile: 'k1024' },
    ];
    for (const { licence, keyFile } of cases) {
      for (const mail of mailsOf(licence)) {
        expect(mail.attachments, mail.subject).toEqual([{ filename: 'Spacey_SerialKey.txt', content: keyFile, contentType: 'text/plain' }]);
        expect(mail.text, mail.subject).toContain(
          'Product: Spacey\n\nLicence: #9\n\nYour serial number: S-2\n\nKey file: Spacey_SerialKey.txt',
        );
      }
    }
  });
});
