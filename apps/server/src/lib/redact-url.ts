/**
 * Path segments that are credentials, by the segments before them: each pattern's last entry names the secret and
 * is what it reads as (`/account/confirm/:token`, as the route's own pattern writes it).
 */
const SECRET_SEGMENTS: readonly (readonly string[])[] = [
  // The web app's page of every mailed account link: confirmation, purchase, activation, transfer and staff
  // invitation (account-link.service.ts, staff.service.ts). The token sets the login's password.
  ['account', 'confirm', ':token'],
  // The web app's page of a release mail's unsubscribe link (release-mail.service.ts).
  ['unsubscribe', ':token'],
  // The thank-you screen's key to a purchase just paid, FastSpring's order id, handed to the paying browser only
  // (decisions 037 and 060).
  ['api', 'fastspring', 'purchase', ':id'],
];

/**
 * Query parameters whose values are credentials or may hold them: an unsubscribe token (the one-click
 * `/api/release-mail/unsubscribe?token=`), the sandbox popup's session, and the staff's search text and list
 * filters (an activation code, a serial or a key file's text is searched for as it is).
 */
const SECRET_QUERY_KEYS = new Set(['token', 'session', 'q', 'filter']);

/** Only a URL with one of these (or a query) can hold a secret: the common request is answered as it is. */
const MAY_HOLD_SECRET = /confirm|unsubscribe|purchase|%|\?/i;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * A request's URL (path and query) as the log and traces may hold it: the secret parts of the mailed links and of
 * the other paths and queries that carry one are replaced by a fixed marker named as the route names them
 * (`/account/confirm/:token`, `?token=:token`), and everything else is kept, so a line still tells which page or
 * call it was. Segments and names are compared decoded and case-insensitively, as the router of the web app
 * matches them, and anywhere in the path (`//account/confirm/…` too).
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = redactPath(path);
  return queryAt === -1 ? redactedPath : `${redactedPath}?${redactQuery(url.slice(queryAt + 1))}`;
}

function redactPath(path: string): string {
  const segments = path.split('/');
  // The non-empty segments' indexes, decoded and in lower case, so that a doubled slash does not hide a link.
  const named = segments.flatMap((segment, index) => (segment === '' ? [] : [{ index, name: decode(segment).toLowerCase() }]));
  let isChanged = false;
  for (const pattern of SECRET_SEGMENTS) {
    const fixed = pattern.length - 1;
    for (let start = 0; start + fixed < named.length; start += 1) {
      if (pattern.slice(0, fixed).every((name, offset) => named[start + offset]!.name === name)) {
        segments[named[start + fixed]!.index] = pattern[fixed]!;
        isChanged = true;
      }
    }
  }
  return isChanged ? segments.join('/') : path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((parameter) => {
      const equalsAt = parameter.indexOf('=');
      if (equalsAt === -1) return parameter;
      const key = parameter.slice(0, equalsAt);
      const name = decode(key).trim().toLowerCase();
      return SECRET_QUERY_KEYS.has(name) ? `${key}=:${name}` : parameter;
    })
    .join('&');
}
