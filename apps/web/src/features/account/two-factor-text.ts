/** The authenticator secret as people type it: groups of 4 characters (base32 has no spaces, so they are ignored). */
export const groupSecret = (secret: string): string => (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

/** The recovery codes as a text file to keep: what they are for, the login, and one code a line. */
export function recoveryCodesText(options: { account: string; site: string; codes: readonly string[] }): string {
  return [
    `Recovery codes for two-factor login at ${options.site}`,
    `Login: ${options.account}`,
    '',
    'Each code logs you in once without your authenticator app. Keep them somewhere safe.',
    '',
    ...options.codes,
    '',
  ].join('\n');
}

/** The downloaded file's name: the site's host, so codes of several sites do not overwrite each other. */
export const recoveryCodesFileName = (host: string): string => `${host.replace(/[^\w.-]+/g, '_')}-recovery-codes.txt`;
