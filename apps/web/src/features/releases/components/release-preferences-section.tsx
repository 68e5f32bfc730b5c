import { Form } from 'react-bootstrap';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useReleasePreferences, useSaveReleasePreferences } from '../api/releases-api';

/**
 * The owner's release choices (decision 055): beta builds of their products, and a mail when a new version is
 * out. Each is saved as soon as it is ticked, with the date it was given.
 */
export function ReleasePreferencesSection({ userName }: { userName: string }) {
  const preferences = useReleasePreferences(userName);
  const save = useSaveReleasePreferences(userName);
  const [error, setError] = useState('');
  if (!preferences.data) return null;
  const current = { betaChannel: preferences.data.betaChannel, releaseMail: preferences.data.releaseMail };
  const change = (choice: Partial<typeof current>) => {
    setError('');
    save.mutate({ ...current, ...choice }, { onError: (failure) => setError(errorText(failure)) });
  };
  return (
    <section className="mb-4" aria-labelledby="release-preferences-heading">
      <h2 className="h5" id="release-preferences-heading">
        New versions
      </h2>
      <Form.Check
        id="release-mail"
        type="switch"
        label="Email me when a new version of my plug-ins is released"
        checked={current.releaseMail}
        disabled={save.isPending}
        onChange={(event) => change({ releaseMail: event.target.checked })}
      />
      <Form.Check
        id="beta-channel"
        type="switch"
        label="Offer me beta versions (downloads and update checks in the plug-ins)"
        checked={current.betaChannel}
        disabled={save.isPending}
        onChange={(event) => change({ betaChannel: event.target.checked })}
      />
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
