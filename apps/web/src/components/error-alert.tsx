import { messages } from '@store/contracts/messages';
import { errorText } from '../lib/api-client';

/** A failed action: the server's text (spec §8: error bodies are plain, user-safe text). */
export function ErrorAlert({ error, className = 'mt-3' }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      {errorText(error) || messages.somethingWentWrong}
    </div>
  );
}
