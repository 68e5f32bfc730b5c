import { adminPersonForm } from '@store/contracts/forms';
import { adminActionFailed } from '@store/contracts/messages';
import type { Person } from '@store/contracts/person';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../../../../components/form-field';
import { paths } from '../../../../config/paths';
import { errorText } from '../../../../lib/api-client';
import { FormSubmit } from '../../../../components/form-submit';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useRefreshKeysMutation } from '../api/orders-api';
import { useDeleteLoginMutation, useSavePersonMutation } from '../api/persons-api';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { SendButton } from '../../../../components/send-button';

type PersonFormProps = { person: Person; onCreated?: (id: number) => void };

/** Email (required), name and country; SAVE, "Refresh Serial Keys" and "Delete Login". */
export function PersonForm({ person, onCreated }: PersonFormProps) {
  const savePerson = useSavePersonMutation();
  const refreshKeys = useRefreshKeysMutation();
  const deleteLogin = useDeleteLoginMutation();
  const [notice, setNotice] = useState('');
  const { handleSubmit, formState, reset, fieldOf } = useSchemaForm(adminPersonForm, {
    defaultValues: { email: person.email, name: person.name, country: person.country },
  });
  const navigate = useNavigate();
  const isNew = person.id <= 0;
  useUnsavedChangesWarning(formState.isDirty);
  // The server signs the keys with the saved name and email: with edits not saved yet, the refreshed keys would
  // carry the old ones while the screen says they were refreshed. Saving stays its own step (it can fail on its own).
  const mustSaveBeforeRefresh = formState.isDirty;

  const submit = handleSubmit(async (values) => {
    setNotice('');
    await savePerson.mutateAsync({ id: person.id, ...values }).then(
      (saved) => {
        reset(values);
        setNotice('Saved.');
        // "New Person" creates the person on its first SAVE (decision 025); its editor then has the id.
        if (isNew) {
          onCreated?.(saved.id);
          void navigate(paths.adminPerson(saved.id), { replace: true });
        }
      },
      () => undefined,
    );
  });

  // Failures of these two are alerted (spec §8).
  const refreshSerialKeys = () => {
    setNotice('');
    refreshKeys.mutate(person, {
      onSuccess: () => setNotice('Serial keys refreshed.'),
      onError: (error) => window.alert(adminActionFailed(errorText(error))),
    });
  };
  const removeLogin = () => {
    setNotice('');
    if (!window.confirm(`Delete the login of ${person.email}? The person and the licences stay.`)) return;
    deleteLogin.mutate(person.email, {
      onSuccess: () => setNotice('Login deleted.'),
      onError: (error) => window.alert(adminActionFailed(errorText(error))),
    });
  };

  return (
    <section aria-labelledby="person-form-heading">
      <h2 id="person-form-heading" className="visually-hidden">
        Person
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="row g-3">
          <div className="col-md-5">
            <FormField id="person-email" label="Email" type="email" {...fieldOf('email')} />
          </div>
          <div className="col-md-4">
            <FormField id="person-name" label="Name" {...fieldOf('name')} />
          </div>
          <div className="col-md-3">
            <FormField id="person-country" label="Country" {...fieldOf('country')} />
          </div>
        </div>
        <FormSubmit label="SAVE" isPending={savePerson.isPending} notice={notice} error={savePerson.error}>
          {!isNew && (
            <>
              <SendButton
                type="button"
                className="btn btn-outline-secondary"
                isPending={refreshKeys.isPending}
                isDisabled={mustSaveBeforeRefresh}
                aria-describedby={mustSaveBeforeRefresh ? 'person-refresh-keys-hint' : undefined}
                onClick={refreshSerialKeys}
              >
                Refresh Serial Keys
              </SendButton>
              <SendButton type="button" className="btn btn-outline-danger" isPending={deleteLogin.isPending} onClick={removeLogin}>
                Delete Login
              </SendButton>
              {mustSaveBeforeRefresh && (
                <span id="person-refresh-keys-hint" className="form-text m-0" data-testid="refresh-keys-hint">
                  Save the changes first: the serial keys carry the saved name and email.
                </span>
              )}
            </>
          )}
        </FormSubmit>
      </form>
    </section>
  );
}
