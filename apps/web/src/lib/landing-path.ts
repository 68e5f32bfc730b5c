import type { CurrentUser } from '@store/contracts/auth';
import { paths } from '../config/paths';

/**
 * Where a login lands (issue 29): an administrator on the dashboard, "support" staff on the persons they work
 * with (the dashboard is not theirs, decision 013), a customer in the customer area (spec §2).
 */
export function landingPathOf(user: CurrentUser): string {
  if (user.role === 'admin' || user.name === 'admin') return paths.adminDashboard;
  if (user.role === 'support') return paths.adminPersons;
  return paths.userArea;
}
