import type { Queryable } from '../../db/client.js';

// A person's release choices (issue 26, decision 055): the beta channel and release mail, each with the date it was
// given. The person table is the person module's; the release module reads and sets them through the person service.

export type ReleasePreferencesRow = { beta_opted_in_at: Date | null; release_mail_consent_at: Date | null };

export async function findReleasePreferences(db: Queryable, personId: number): Promise<ReleasePreferencesRow | undefined> {
  const { rows } = await db.query<ReleasePreferencesRow>('SELECT beta_opted_in_at, release_mail_consent_at FROM person WHERE id = $1', [
    personId,
  ]);
  return rows[0];
}

/** Sets each choice; a choice kept keeps its original date, a choice withdrawn clears it. */
export async function saveReleasePreferences(
  db: Queryable,
  personId: number,
  choices: { betaChannel: boolean; releaseMail: boolean },
): Promise<ReleasePreferencesRow | undefined> {
  const { rows } = await db.query<ReleasePreferencesRow>(
    `UPDATE person SET beta_opted_in_at = CASE WHEN $2 THEN coalesce(beta_opted_in_at, now()) END,
                       release_mail_consent_at = CASE WHEN $3 THEN coalesce(release_mail_consent_at, now()) END
      WHERE id = $1 RETURNING beta_opted_in_at, release_mail_consent_at`,
    [personId, choices.betaChannel, choices.releaseMail],
  );
  return rows[0];
}

/** Withdraws the person's consent to release mail; false when there was none to withdraw (or no such person). */
export async function withdrawReleaseMailConsent(db: Queryable, personId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE person SET release_mail_consent_at = NULL WHERE id = $1 AND release_mail_consent_at IS NOT NULL',
    [personId],
  );
  return (rowCount ?? 0) > 0;
}
