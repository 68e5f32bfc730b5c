import { describe, expect, it } from 'vitest';
import { listRecentMail } from '../../mail/outbox.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../../../test/test-app.js';

const t = await createTestApp({ SUPPORT_EMAIL: 'help@plugins.example' });

const request = (body: Record<string, string>, ip = uniqueIp()) =>
  t.request({
    method: 'POST',
    url: '/api/product/support/',
    ip,
    body: {
      productName: 'Spacey',
      operatingSystem: 'macOS 14, Logic Pro',
      problemDescription: 'The plug-in window stays empty on start.',
      ...body,
    },
  });

describe('POST /api/product/support/', () => {
  it('stores the request and mails it to support with the customer as reply-to', async () => {
    const email = uniqueEmail();
    const response = await request({ email });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.db.query(
      'SELECT id, product_name, operating_system, problem_description FROM support_request WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        product_name: 'Spacey',
        operating_system: 'macOS 14, Logic Pro',
        problem_description: 'The plug-in window stays empty on start.',
      },
    ]);
    const [mail] = await listRecentMail(t.db, 1, 'help@plugins.example');
    expect(mail).toMatchObject({ reply_to: email, subject: `Support request #${rows[0].id}: Spacey` });
    expect(mail!.body_text).toContain('The plug-in window stays empty on start.');
  });

  it('answers the request number and mails the customer an acknowledgement that repeats none of their text', async () => {
    const email = uniqueEmail('asker');
    const response = await request({ email, problemDescription: 'Buy cheap pills at http://spam.example now!!' });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json() as { ok: true; requestId: number };
    const { rows } = await t.db.query('SELECT id FROM support_request WHERE email = $1', [email]);
    expect(requestId).toBe(rows[0].id);
    const [ack] = await listRecentMail(t.db, 1, email);
    expect(ack).toMatchObject({ subject: `We received your support request #${requestId}`, reply_to: 'help@plugins.example' });
    expect(ack!.body_text).toContain(`Your request number is #${requestId}.`);
    expect(ack!.body_html).toContain(`#${requestId}`);
    // Anyone can type any address: the acknowledgement carries nothing they wrote, so it cannot carry spam.
    expect(ack!.body_text).not.toContain('spam.example');
    expect(ack!.body_html).not.toContain('spam.example');
  });

  it('validates the fields with the messages of the form', async () => {
    const invalid = await request({ email: 'no-address' });
    expect([invalid.statusCode, invalid.body]).toEqual([400, 'email: Please enter a valid email address']);
    const short = await request({ email: uniqueEmail(), problemDescription: 'too short' });
    expect([short.statusCode, short.body]).toEqual([400, 'problemDescription: Name too short']);
  });

  it('limits requests per address and per IP', async () => {
    const email = uniqueEmail();
    const perAddress: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) perAddress.push((await request({ email })).statusCode);
    expect(perAddress).toEqual([200, 200, 200, 429]);
    const ip = uniqueIp();
    const perIp: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) perIp.push((await request({ email: uniqueEmail() }, ip)).statusCode);
    expect(perIp.at(-1)).toBe(429);
    expect(perIp.slice(0, 30).every((status) => status === 200)).toBe(true);
  });
});
