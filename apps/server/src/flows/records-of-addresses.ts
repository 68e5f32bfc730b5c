import type { Queryable } from '../db/client.js';
import { listMailOfAddress } from '../mail/outbox-privacy.js';
import { listSupportRequestsOf } from '../modules/support/index.js';
import { listTrialsOfHolder } from '../modules/trial/index.js';

type Row = { id: number; created_at?: Date; started_at?: Date };

/** The rows read for each address, each once, oldest first. */
async function readForEach<R extends Row>(emails: readonly string[], read: (email: string, index: number) => Promise<R[]>): Promise<R[]> {
  const lists = await Promise.all(emails.map(read));
  const byId = new Map(lists.flat().map((row) => [row.id, row]));
  const timeOf = (row: R) => (row.created_at ?? row.started_at)?.getTime() ?? 0;
  return [...byId.values()].sort((a, b) => timeOf(a) - timeOf(b) || a.id - b.id);
}

/**
 * What is kept under a person's addresses, their current one first and those a correction replaced (decision 109):
 * the mails to or for them, their support requests, and the trials of the addresses or of the person's computers.
 * Read by the customer's export and the staff's timeline of the person.
 */
export async function readRecordsOfAddresses(db: Queryable, holder: { emails: readonly string[]; deviceIds: readonly string[] }) {
  const [mails, supportRequests, trials] = await Promise.all([
    readForEach(holder.emails, (email) => listMailOfAddress(db, email)),
    readForEach(holder.emails, (email) => listSupportRequestsOf(db, email)),
    // The computers' trials once, with the current address.
    readForEach(holder.emails, (email, index) => listTrialsOfHolder(db, { email, deviceIds: index === 0 ? holder.deviceIds : [] })),
  ]);
  return { mails, supportRequests, trials };
}
