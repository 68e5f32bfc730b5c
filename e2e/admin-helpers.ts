import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { e2eAdminPassword } from './playwright.config.js';
import { expect } from './fixtures.js';

export type Order = { id: number; productName?: string; serial: string; serialNew: string; serial2048: string };
export type Product = { id: number; name: string; useRsa2048: boolean; publicKey: string; publicKey2048?: string };

export const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The administrator's API calls, for the data a journey needs before it starts. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login/', { data: { username: 'admin', password: e2eAdminPassword } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async createPerson(email: string, name: string): Promise<number> {
      const answer = await request.post('/api/person/', { headers, data: { id: 0, email, name, country: 'CH' } });
      expect(answer.ok(), await answer.text()).toBe(true);
      return ((await answer.json()) as { id: number }).id;
    },
    async ordersOf(personId: number): Promise<Order[]> {
      const answer = await request.get(`/api/order/byPerson/${personId}`, { headers });
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as Order[];
    },
    /** The product of that name as its editor loads it (GET /product/{id}), public keys included. */
    async productNamed(name: string): Promise<Product> {
      const list = await request.get('/api/product/', { headers });
      expect(list.ok()).toBe(true);
      const listed = ((await list.json()) as Product[]).find((product) => product.name === name);
      expect(listed, `product ${name}`).toBeDefined();
      const answer = await request.get(`/api/product/${listed!.id}`, { headers });
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as Product;
    },
    headers: async () => headers,
    /** A new licence of the product for the person, as the person editor's NEW ORDER makes it. */
    async newOrder(personId: number, productName: string): Promise<void> {
      const products = (await (await request.get('/api/product/')).json()) as { id: number; name: string }[];
      const product = products.find((candidate) => candidate.name === productName);
      expect(product, `product ${productName}`).toBeDefined();
      const answer = await request.post('/api/order/', {
        headers,
        data: { id: 0, productId: product!.id, personId, serial: '', creationDate: '' },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    /** One new activation code of the product, as a distributor gets it in a batch file. */
    async createActivationCode(productName: string): Promise<string> {
      const created = await request.post('/api/order/unassigned/create/', {
        headers,
        data: { ProductName: productName, DistributorName: 'E2E Distribution', NumberOfOrders: 1 },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { batchNumber } = (await created.json()) as { batchNumber: number };
      const file = await request.get(`/api/order/unassigned/serials/${batchNumber}`, { headers });
      const [code] = (await file.text()).split('\n').filter(Boolean);
      expect(code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}/i);
      return code ?? '';
    },
    /** Ages a licence by 31 days (the sandbox's test switch), so it may be transferred. */
    async backdateLicence(orderId: number): Promise<void> {
      const answer = await request.post('/sandbox/api/backdate', { headers, data: { orderId, days: 31 } });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    async personIdOf(email: string): Promise<number> {
      const answer = await request.get(`/api/person/byEmail/${encodeURIComponent(email)}`, { headers });
      expect(answer.ok()).toBe(true);
      return ((await answer.json()) as { id: number }).id;
    },
  };
}

/** Confirms every dialog (delete confirmations) and keeps their texts. */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A textarea's value: the browser turns the key files' CRLF line ends into LF. */
export const asTextareaValue = (text: string) => text.replace(/\r\n/g, '\n');

export const savedText = async (download: Download) => readFile(await download.path(), 'utf8');
