import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueIp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId } from '../licence/licence.test-factory.js';

const t = await createTestApp();

const FORM_BODY_LIMIT = 16 * 1024;

/** An unlock form padded with a field the route ignores, to `bytes` in all. */
const paddedUnlock = (fields: { email: string; pw: string; mach: string }, bytes: number) => {
  const form = `product=Spacey&email=${encodeURIComponent(fields.email)}&pw=${encodeURIComponent(fields.pw)}&os=Linux&mach=${fields.mach}&padding=`;
  const payload = form.padEnd(bytes, 'x');
  return t.app.inject({
    method: 'POST',
    url: '/api/juce/unlock',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
    remoteAddress: uniqueIp(),
  });
};

describe('POST /api/juce/unlock body limit', () => {
  it('refuses a form over 16 KB with an ERROR reply (JUCE reads only the body, so HTTP 200) and registers no device', async () => {
    const owner = await customerWithLicence(t);
    const mach = randomDeviceId();
    const response = await paddedUnlock({ email: owner.email, pw: owner.password, mach }, FORM_BODY_LIMIT + 1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.body).toBe('<ERROR error="The unlock request could not be read. Please update the plug-in or contact its vendor."/>');
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(0);
  });

  it('takes a form just under the limit', async () => {
    const owner = await customerWithLicence(t);
    const response = await paddedUnlock({ email: owner.email, pw: owner.password, mach: randomDeviceId() }, FORM_BODY_LIMIT);
    expect(response.body).toMatch(/^<MESSAGE message="Thanks for registering Spacey!/);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(rows[0].n).toBe(1);
  });
});
