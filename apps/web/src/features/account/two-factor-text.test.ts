import { describe, expect, it } from 'vitest';
import { groupSecret, recoveryCodesFileName, recoveryCodesText } from './two-factor-text';

describe('two-factor texts', () => {
  it('groups the secret by 4, the last group shorter when the length is not a multiple of 4', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('AB CD EF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });

  it('writes the recovery codes one a line under what they are for', () => {
    const text = recoveryCodesText({ account: 'ada@example.com', site: 'shop.example.com', codes: ['aaaa-bbbb', 'cccc-dddd'] });
    expect(text.split('\n')).toEqual([
      'Recovery codes for two-factor login at shop.example.com',
      'Login: ada@example.com',
      '',
      'Each code logs you in once without your authenticator app. Keep them somewhere safe.',
      '',
      'aaaa-bbbb',
      'cccc-dddd',
      '',
    ]);
  });

  it("names the file after the site's host", () => {
    expect(recoveryCodesFileName('localhost:3218')).toBe('localhost_3218-recovery-codes.txt');
    expect(recoveryCodesFileName('shop.example.com')).toBe('shop.example.com-recovery-codes.txt');
  });
});
