// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { stubFetch } from './fetch-stub';

const fetchMock = stubFetch();
const textOf = async (response: Promise<Response>) => {
  const answered = await response;
  return `${answered.status} ${await answered.text()}`;
};

describe('the fetch stub answers by method and URL', () => {
  it('answers each route its own answers, whatever order the calls come in', async () => {
    fetchMock.answer('GET /api/product/', 200, [{ name: 'Spacey' }]);
    fetchMock.answer('POST /api/trial', 400, 'No trial.');
    expect(await textOf(fetch('/api/trial', { method: 'POST', body: '{}' }))).toBe('400 No trial.');
    expect(await textOf(fetch('/api/product/'))).toBe('200 [{"name":"Spacey"}]');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("uses a route's answers in turn and the last one again", async () => {
    fetchMock.answer('GET /api/mail/failed', 200, [1]);
    fetchMock.answer('GET /api/mail/failed', 200, []);
    const answers = [];
    for (let call = 0; call < 3; call += 1) answers.push(await textOf(fetch('/api/mail/failed')));
    expect(answers).toEqual(['200 [1]', '200 []', '200 []']);
  });

  it('tells the methods of one path apart, and matches the query only when the route names one', async () => {
    fetchMock.answer('DELETE /api/userinfo/orderdevice/1', 200, { ok: true });
    fetchMock.answer('PUT /api/userinfo/orderdevice/1', 200, { deviceName: 'Mix room' });
    fetchMock.answer('GET /api/admin/dashboard/trials?period=week', 200, 'week');
    fetchMock.answer('GET /api/mailbox', 200, 'any query');
    expect(await textOf(fetch('/api/userinfo/orderdevice/1', { method: 'PUT' }))).toBe('200 {"deviceName":"Mix room"}');
    expect(await textOf(fetch(new Request('http://localhost/api/userinfo/orderdevice/1', { method: 'DELETE' })))).toBe('200 {"ok":true}');
    expect(await textOf(fetch('/api/admin/dashboard/trials?period=week'))).toBe('200 week');
    expect(await textOf(fetch('/api/mailbox?to=ann%40example.com'))).toBe('200 any query');
  });

  it('refuses a call no answer was given for, naming it', async () => {
    await expect(fetch('/api/page/menuitems')).rejects.toThrow('fetch stub: no answer for GET /api/page/menuitems');
  });
});
