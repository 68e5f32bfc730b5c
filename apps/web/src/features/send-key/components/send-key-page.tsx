import { sendKeyForm } from '@store/contracts/forms';
import { emailSentTo, sendSerialFailed } from '@store/contracts/messages';
import { useNavigate, useParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKeyResendMutation } from '../api/resend-key';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

/**
 * /sendlicensekey/{productName} (DESIGN §9): resends the licence key of the product by email. Success goes to
 * /messageview with "Email sent to {email}"; a failure shows "Send serial failed: ({message})" (spec §8).
 */
export function SendKeyPage() {
  const navigate = useNavigate();
  const productName = useParams().productName ?? '';
  useDocumentTitle('Send License Key');
  const resendKey = useKeyResendMutation();
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(sendKeyForm, {
    defaultValues: { email: '' },
  });
  const { isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await resendKey.mutateAsync({ email: values.email, productName });
      void navigate(paths.messageView, { state: { message: emailSentTo(values.email) } });
    } catch (error) {
      setError('email', { type: 'server', message: sendSerialFailed(errorText(error)) }, { shouldFocus: true });
    }
  });

  return (
    <main className="container py-4">
      <div className="row">
        <div className="col-md-8 col-lg-6">
          <h1 className="h3 mb-1">Send License Key</h1>
          <p className="lead mb-3" data-testid="product-name">
            {productName}
          </p>
          <form onSubmit={submit} noValidate>
            <FormField id="send-key-email" label="Email" type="email" autoComplete="email" {...fieldOf('email')} />
            <FormSubmit label="SEND" isPending={isSubmitting} />
          </form>
        </div>
      </div>
    </main>
  );
}
