import { backOfficeScreen, type BackOfficeScreen } from '@store/contracts/staff';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();

/** A "support" staff login invited by the administrator, with its password set through the mailed link; its token. */
const supportLogin = async (): Promise<string> => (await t.staffLogin('support')).token;

const openScreen = (screen: string, token?: string) => t.request({ method: 'GET', url: `/api/admin/screens/${screen}`, token });

/**
 * One call each screen is made of, read with GET. Resend Serial's call (`POST /admin/resend`) mails, so it is not
 * made here: the screen is for staff, as that call (resend.api.test.ts).
 */
const screenCalls: Record<Exclude<BackOfficeScreen, 'resendSerial'>, string> = {
  dashboard: '/api/admin/dashboard',
  persons: '/api/person/',
  pages: '/api/page/',
  products: '/api/product/1',
  activationCodes: '/api/order/unsassigned',
  orders: '/api/admin/orders',
  orderDetail: '/api/admin/orders/1',
  batches: '/api/order/unassigned/batches',
  audit: '/api/admin/audit',
  mailbox: '/api/mailbox',
  staff: '/api/staff',
  webhooks: '/api/webhookEvent/',
  offers: '/api/offer/',
  outboundWebhooks: '/api/admin/webhooks',
  apiKeys: '/api/admin/api-keys',
  bundles: '/api/bundle/',
  releases: '/api/product/1/releases',
};

describe('GET /api/admin/screens/:screen', () => {
  it('lets the administrator open every back-office screen', async () => {
    const admin = await t.adminToken();
    for (const screen of backOfficeScreen.options) {
      const answer = await openScreen(screen, admin);
      expect(answer.statusCode, screen).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
    }
  });

  it('lets support open the persons, orders, mails and key resends, and refuses it the rest with 403 and the reason', async () => {
    const support = await supportLogin();
    const opened: string[] = [];
    for (const screen of backOfficeScreen.options) {
      const answer = await openScreen(screen, support);
      if (answer.statusCode === 200) opened.push(screen);
      else {
        expect(answer.statusCode, screen).toBe(403);
        expect(answer.body).toBe('Only the administrator may do this.');
      }
    }
    expect(opened.sort()).toEqual(['mailbox', 'orderDetail', 'orders', 'persons', 'resendSerial']);
  });

  it("refuses each screen to support exactly when the screen's own call refuses it", async () => {
    const support = await supportLogin();
    for (const [screen, url] of Object.entries(screenCalls)) {
      const call = await t.request({ method: 'GET', url, token: support });
      const screenAnswer = await openScreen(screen, support);
      expect(screenAnswer.statusCode === 403, `${screen}: ${url} answered ${call.statusCode}`).toBe(call.statusCode === 403);
    }
  });

  it('refuses a customer every screen (403), and answers 401 without a session', async () => {
    const { token } = await t.registerCustomer();
    for (const screen of backOfficeScreen.options) {
      const answer = await openScreen(screen, token);
      expect(answer.statusCode, screen).toBe(403);
      expect(answer.body).toMatch(/^Only (staff|the administrator) may do this\.$/);
      expect((await openScreen(screen)).statusCode, screen).toBe(401);
      expect((await openScreen(screen, 'not-a-session')).statusCode, screen).toBe(401);
    }
  });

  it('answers 400 for a screen it does not know', async () => {
    const answer = await openScreen('cellar', await t.adminToken());
    expect(answer.statusCode).toBe(400);
  });
});
