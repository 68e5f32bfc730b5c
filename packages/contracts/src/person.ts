import { z } from 'zod';

/** A customer record (§3). */
export const person = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  country: z.string(),
});
export type Person = z.infer<typeof person>;
export const personList = z.array(person);

/** POST /person/: create (id 0) and update. */
export const personSaveRequest = z.object({
  id: z.number().int().nonnegative(),
  email: z.string().trim().min(1, 'Email is required').max(254),
  name: z.string().trim().max(200).default(''),
  country: z.string().trim().max(100).default(''),
});
export type PersonSaveRequest = z.infer<typeof personSaveRequest>;

/** New person default (§4). */
export const newPersonDefaults: Person = { id: 0, email: '', name: 'name', country: 'CH' };
