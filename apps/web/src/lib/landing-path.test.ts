import { describe, expect, it } from 'vitest';
import { landingPathOf } from './landing-path';

describe('where a login lands', () => {
  it('is the dashboard for administrators, the persons for support staff and the user area for customers', () => {
    expect(landingPathOf({ name: 'admin', token: 't' })).toBe('/admin/dashboard');
    expect(landingPathOf({ name: 'boss@example.com', token: 't', role: 'admin' })).toBe('/admin/dashboard');
    expect(landingPathOf({ name: 'help@example.com', token: 't', role: 'support' })).toBe('/admin/persons');
    expect(landingPathOf({ name: 'ann@example.com', token: 't' })).toBe('/userarea');
  });
});
