import { removalCodeForm } from '@store/contracts/forms';
import type { UserProduct } from '@store/contracts/licence';
import { FormField } from '../../../components/form-field';
import { SendButton } from '../../../components/send-button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { useReleaseDeviceMutation } from '../api/release-device';
import { useSchemaForm } from '../../../lib/use-schema-form';

type RemovalCodeFormProps = { licence: UserProduct; userName: string };

/**
 * Frees the place of a computer whose plug-in removed its key and showed a removal code (decision 041), and says
 * how many places the licence has freed this year without one.
 */
export function RemovalCodeSection({ licence, userName }: RemovalCodeFormProps) {
  const release = useReleaseDeviceMutation(userName);
  const { handleSubmit, setError, reset, formState, fieldOf } = useSchemaForm(removalCodeForm, {
    defaultValues: { removalCode: '' },
  });
  const fieldId = `removal-code-${licence.orderId}`;

  const submit = handleSubmit(async (values) => {
    try {
      const released = await release.mutateAsync({ orderId: licence.orderId, removalCode: values.removalCode });
      reset();
      showToast(`${released.deviceName} was removed from ${licence.name}.`);
    } catch (error) {
      const text = error instanceof ApiError && error.kind === 'status' ? error.text : 'The code could not be checked. Please try again.';
      setError('removalCode', { type: 'server', message: text }, { shouldFocus: true });
    }
  });

  return (
    <form className="mt-3" onSubmit={submit} noValidate data-testid="removal-code-form">
      <FormField
        id={fieldId}
        label="Removal code from the plug-in"
        {...fieldOf('removalCode')}
        help={
          licence.removalsPerYear == null
            ? 'Removed the plug-in from a computer? Enter the code it showed to free its place.'
            : `Removed the plug-in from a computer? Enter the code it showed to free its place. Computers removed here without a code this year: ${licence.removalsThisYear ?? 0} of ${licence.removalsPerYear}.`
        }
      />
      <SendButton className="btn btn-sm btn-outline-primary" isPending={formState.isSubmitting}>
        Free the place
      </SendButton>
    </form>
  );
}
