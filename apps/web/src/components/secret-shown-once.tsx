import { CopyButton } from './copy-button';

type SecretShownOnceProps = {
  /** What the secret is, as the sentence's start ("The new API key", "The signing secret of https://…"). */
  label: string;
  secret: string;
  /** The secret's test id, for the journeys that read it. */
  testId: string;
};

/**
 * A secret the server answers once (an API key's token, a webhook endpoint's signing secret): shown with a copy
 * button and the warning that it is not shown again. The screens that make secrets share it, so each says it alike.
 */
export function SecretShownOnce({ label, secret, testId }: SecretShownOnceProps) {
  return (
    <div className="alert alert-warning" role="status">
      <p className="mb-1">{label}. Copy it now: it is not shown again.</p>
      <div className="d-flex align-items-center gap-2">
        <code className="user-select-all text-break text-body" data-testid={testId}>
          {secret}
        </code>
        <CopyButton text={secret} label={`Copy: ${label}`} copied="Copied. Keep it somewhere safe." variant="outline-dark" />
      </div>
    </div>
  );
}
