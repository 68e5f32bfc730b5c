import type { CurrentUser } from '@store/contracts/auth';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/use-current-user';

type SessionNoticeProps = {
  /** The user signed in when the screen was entered. */
  userAtEntry: CurrentUser | null;
  /** The failure of asking again whether the screen may be open, if it failed. */
  accessError: Error | null;
};

/**
 * Said above a back-office screen that stays open while its session is no longer the one it was opened with, so
 * that unsaved work is kept and the way to save it is clear (review 2026-11-28, web client, finding 1). The login
 * opens in a new tab: this one keeps the editor, and takes the new session from it (the storage event).
 */
export function SessionNotice({ userAtEntry, accessError }: SessionNoticeProps) {
  const user = useCurrentUser();
  if (user === null) {
    return (
      <div className="alert alert-warning mx-3 mt-3" role="alert" data-testid="session-ended">
        Your session has ended. Please log in again.{' '}
        <a href={paths.login} target="_blank" rel="noopener">
          Log in in a new tab
        </a>
        , then come back to this tab: what you entered here is kept, and you can save it again.
      </div>
    );
  }
  if (userAtEntry && user.name !== userAtEntry.name) {
    return (
      <div className="alert alert-warning mx-3 mt-3" role="alert" data-testid="session-changed">
        You are now logged in as {user.name} (in another tab). This screen was opened as {userAtEntry.name}; what you save here is saved as{' '}
        {user.name}.
      </div>
    );
  }
  if (accessError instanceof ApiError && accessError.status === 403) {
    return (
      <div className="alert alert-warning mx-3 mt-3" role="alert">
        {accessError.text}
      </div>
    );
  }
  return null;
}
