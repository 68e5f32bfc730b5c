import { passwordChangeForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { usePasswordChangeMutation } from '../api/change-password';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** The customer area's Change Password form: success goes to /login (spec §2, §4, §8). */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const changePassword = usePasswordChangeMutation();
  const { handleSubmit, setError, formState, fieldOf } = useSchemaForm(passwordChangeForm, {
    defaultValues: { password: '', repeatPassword: '' },
  });
  const { isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      void navigate(paths.login);
    } catch {
      setError('repeatPassword', { type: 'server', message: messages.passwordChangeFailed }, { shouldFocus: true });
    }
  });

  return (
    <section aria-labelledby="change-password-heading" className="mt-5">
      <h2 id="change-password-heading" className="h4 mb-3">
        Change Password
      </h2>
      <form onSubmit={submit} noValidate className="row">
        <div className="col-md-8 col-lg-6">
          <FormField id="change-password" label="Password" type="password" autoComplete="new-password" {...fieldOf('password')} />
          <FormField
            id="change-repeat-password"
            label="Repeat Password"
            type="password"
            autoComplete="new-password"
            {...fieldOf('repeatPassword')}
          />
          <FormSubmit label="CHANGE PASSWORD" isPending={isSubmitting} />
        </div>
      </form>
    </section>
  );
}
