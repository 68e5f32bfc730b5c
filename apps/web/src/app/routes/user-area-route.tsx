import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useCurrentUser } from '../../lib/use-current-user';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUserAtNavigation } from '../../lib/use-user-at-navigation';

/**
 * /userarea, the customer area (spec §2): the user name, the licences (next issue: the loyalty banner and the
 * licence list from features/licences go into the marked slot) and the Change Password form.
 * The router wraps it in RequireUser, which sends visitors without a user to /login.
 */
export function UserAreaRoute() {
  const userAtEntry = useUserAtNavigation();
  const user = useCurrentUser() ?? userAtEntry;
  useDocumentTitle('My Account');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-4" data-testid="user-name">
        {user?.name}
      </h1>
      {/* Licences slot (issue 3): <LicenceSection /> from features/licences. */}
      <ChangePasswordForm />
    </main>
  );
}
