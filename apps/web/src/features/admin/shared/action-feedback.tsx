import { useState } from 'react';
import { errorText } from '../../../lib/api-client';

/**
 * What an admin screen says after an action: the success message, or the server's error text where it happened
 * (decision 022). `act` runs the action and says `done`, or the text the action answers.
 */
export function useActionFeedback() {
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');
  const clear = () => {
    setMessage('');
    setFailure('');
  };
  const act = async (action: () => Promise<unknown>, done?: string) => {
    clear();
    try {
      const answer = await action();
      setMessage(done ?? (typeof answer === 'string' ? answer : ''));
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const feedback = (
    <>
      {message && (
        <p className="alert alert-success" role="status">
          {message}
        </p>
      )}
      {failure && (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      )}
    </>
  );
  return { act, clear, feedback };
}
