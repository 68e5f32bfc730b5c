import { passwordRequestForm } from '@store/contracts/forms';
import { passwordSentTo, sendSerialFailed } from '@store/contracts/messages';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePasswordRequestMutation } from '../api/request-password';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** /login/lostpassword: "Request new password" (spec §2, §8). */
export function LostPasswordPage() {
  const navigate = useNavigate();
  const requestPassword = usePasswordRequestMutation();
  useDocumentTitle('Request new password');
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(passwordRequestForm, {
    defaultValues: { email: '' },
  });
  const { isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await requestPassword.mutateAsync(values);
      void navigate(paths.messageView, { state: { message: passwordSentTo(values.email) } });
    } catch (error) {
      setError('email', { type: 'server', message: sendSerialFailed(errorText(error)) }, { shouldFocus: true });
    }
  });

  return (
    <main className="container py-4">
      <div className="row">
        <div className="col-md-8 col-lg-6">
          <h1 className="h3 mb-3">Request new password</h1>
          <form onSubmit={submit} noValidate>
            <FormField id="lost-password-email" label="Enter your email address:" type="email" autoComplete="email" {...fieldOf('email')} />
            <FormSubmit label="SEND" isPending={isSubmitting} />
          </form>
        </div>
      </div>
    </main>
  );
}
