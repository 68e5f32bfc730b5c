import { describe, expect, it } from 'vitest';
import { landingPathOf, loginStateReturningTo, returnPathOf } from './landing-path';

const admin = { name: 'admin', token: 't' };
const support = { name: 'help@example.com', token: 't', role: 'support' as const };
const customer = { name: 'ann@example.com', token: 't' };

describe('where a login lands', () => {
  it('is the dashboard for administrators, the persons for support staff and the user area for customers', () => {
    expect(landingPathOf(admin)).toBe('/admin/dashboard');
    expect(landingPathOf({ name: 'boss@example.com', token: 't', role: 'admin' })).toBe('/admin/dashboard');
    expect(landingPathOf(support)).toBe('/admin/persons');
    expect(landingPathOf(customer)).toBe('/userarea');
  });

  // Review 2026-11-28 (web client), finding 1: after the session ended, the login led to the dashboard.
  it('is the back-office screen that sent staff to the login, and never sends a customer there', () => {
    expect(landingPathOf(admin, '/admin/page/12')).toBe('/admin/page/12');
    expect(landingPathOf(support, '/admin/person/7?tab=licences#timeline')).toBe('/admin/person/7?tab=licences#timeline');
    expect(landingPathOf(admin, '/admin')).toBe('/admin');
    expect(landingPathOf(customer, '/admin/page/12')).toBe('/userarea');
    expect(landingPathOf(customer, '/transferlicense/5')).toBe('/userarea');
    expect(landingPathOf(admin, '/administrator-tips')).toBe('/admin/dashboard');
    expect(landingPathOf(admin, '/userarea')).toBe('/admin/dashboard');
  });
});

describe('the return path in the login state', () => {
  it('is the path, query and hash of the screen left', () => {
    const state = loginStateReturningTo({ pathname: '/admin/page/12', search: '?x=1', hash: '#html' });
    expect(returnPathOf(state)).toBe('/admin/page/12?x=1#html');
  });

  it('is a path of this site only', () => {
    for (const from of [
      '//evil.example/admin',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/admin',
      'admin/page/1',
      '',
    ])
      expect(returnPathOf({ from }), JSON.stringify(from)).toBeUndefined();
    for (const state of [null, undefined, 'x', { from: 12 }, {}]) expect(returnPathOf(state)).toBeUndefined();
  });
});
