// The words of a person's timeline (decision 061): where things came from, who did what.

/** Where a licence came from, in words. */
export const SOURCES: Record<string, string> = {
  purchase: 'bought',
  activation: 'activation code',
  admin: 'added by staff',
  transfer: 'received by transfer',
  import: 'imported',
};
/** Who freed a computer's place. */
export const RELEASE_WAYS = { customer: 'by the customer', code: 'with a removal code', admin: 'by staff' } as const;

const STAFF_VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  transfer: 'transferred',
  'refresh-keys': 're-issued the keys of',
  'replace-keys': 'replaced the keys of',
  'resend-keys': 'resent the keys of',
  revoke: 'revoked',
  'release-device': 'freed a place on',
  erase: 'erased',
};
const STAFF_NOUNS: Record<string, string> = { person: 'person', order: 'licence', 'order-device': 'computer', login: 'login' };
/** A staff change in words: "admin revoked licence 12". */
export const describeStaffChange = (entry: { actor: string; action: string; entity: string; entity_id: string | null }) => {
  const verb = entry.entity === 'order-device' && entry.action === 'delete' ? 'removed' : (STAFF_VERBS[entry.action] ?? entry.action);
  return [entry.actor, verb, STAFF_NOUNS[entry.entity] ?? entry.entity, entry.entity_id ?? ''].join(' ').trim();
};

/** An amount with its currency ("USD 49.00"); empty when not known. */
export const money = (currency: string, value: number | null) => (value === null ? '' : `${currency} ${value.toFixed(2)}`);
