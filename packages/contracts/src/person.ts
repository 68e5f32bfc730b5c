import { z } from 'zod';
import { isAcceptedEmail } from './email-address.js';
import { messages } from './messages.js';

/** A customer record (§3). */
export const person = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  country: z.string(),
  /** Only on an erased person: when their personal data was erased (docs/PRIVACY.md); the record keeps their orders. */
  erasedAt: z.string().optional(),
});
export type Person = z.infer<typeof person>;
export const personList = z.array(person);

/**
 * POST /person/: create (id 0) and update. The email is required, except when "New Person" creates the default
 * person (§4: id 0 with an empty email) that the editor then fills in.
 */
export const personSaveRequest = z
  .object({
    id: z.number().int().nonnegative(),
    email: z.string().trim().max(254),
    name: z.string().trim().max(200).default(''),
    country: z.string().trim().max(100).default(''),
  })
  .refine((value) => value.id === 0 || value.email !== '', { message: 'Email is required', path: ['email'] })
  // An address that goes into mail headers and licences: never "admin" or text with line breaks.
  .refine((value) => value.email === '' || isAcceptedEmail(value.email), { message: messages.emailInvalid, path: ['email'] });
export type PersonSaveRequest = z.infer<typeof personSaveRequest>;

/** New person default (§4). */
export const newPersonDefaults: Person = { id: 0, email: '', name: 'name', country: 'CH' };

/** Columns of the persons list that GET /person/ sorts by (`sort`) and filters on (`filter`). */
export const personListColumns = ['id', 'email', 'name', 'country'] as const;
