import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { showToast } from '../../../../lib/toast-store';
import { ErrorAlert } from '../../../../components/error-alert';
import { usePublishReleaseMutation, useReleaseRecipients, type ReleaseToPublish } from '../api/releases-api';

type PublishConfirmationProps = {
  productId: number;
  productName: string;
  /** The release awaiting confirmation; null while none is. */
  release: ReleaseToPublish | null;
  onClose: () => void;
  onPublished: () => void;
};

/** The owners a release mails, as the confirmation says it: the server's count for the channel. */
function MailSummary({ release, recipients }: { release: ReleaseToPublish; recipients: ReturnType<typeof useReleaseRecipients> }) {
  if (!release.notifyOwners) return <p data-testid="release-recipients">No mail will be sent.</p>;
  if (recipients.isPending) return <p aria-busy="true">Counting the owners who agreed to release mail…</p>;
  if (recipients.isError) return <ErrorAlert error={recipients.error} />;
  const { owners } = recipients.data;
  const who = release.channel === 'beta' ? 'who opted in to the beta and agreed to release mail' : 'who agreed to release mail';
  return (
    <p data-testid="release-recipients">{owners === 1 ? `1 owner ${who} will be mailed.` : `${owners} owners ${who} will be mailed.`}</p>
  );
}

/** "Publish Spacey 1.3.0?": what the release does and how many owners it mails, then PUBLISH. */
export function PublishConfirmation({ productId, productName, release, onClose, onPublished }: PublishConfirmationProps) {
  const publish = usePublishReleaseMutation(productId);
  const isMailing = release?.notifyOwners === true;
  const recipients = useReleaseRecipients(productId, release?.channel ?? 'stable', isMailing);
  const confirm = () => {
    if (!release) return;
    publish.mutate(release, {
      onSuccess: (published) => {
        showToast(`${productName} ${published.version} published.`);
        onPublished();
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      show={release !== null}
      titleId="publish-release-title"
      title={
        <>
          Publish {productName} {release?.version}
          {release?.channel === 'beta' ? ' beta' : ''}?
        </>
      }
      error={<ErrorAlert error={publish.error} className="mb-0" />}
      confirmLabel="PUBLISH"
      confirmStyle="primary"
      isPending={publish.isPending}
      isConfirmBlocked={isMailing && !recipients.isSuccess}
      onConfirm={confirm}
      onClose={onClose}
      // Hidden by its owner while publishing: the publication is still heard of (toast, onPublished) or its error shown.
      onExited={() => {
        if (!publish.isPending) publish.reset();
      }}
    >
      <p>
        {release?.channel === 'beta'
          ? 'Owners who opted in to the beta are offered its installers, in their account and by their plug-ins.'
          : 'Every owner is offered its installers, in their account and by their plug-ins.'}
      </p>
      {release && <MailSummary release={release} recipients={recipients} />}
    </ConfirmDialog>
  );
}
