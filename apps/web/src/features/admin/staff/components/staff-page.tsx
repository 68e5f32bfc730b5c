import '../../../../styles/tables.scss';
import { ADMIN_USER_NAME } from '@store/contracts/constants';
import { staffInviteRequest, type StaffRole } from '@store/contracts/staff';
import { useCurrentUser } from '../../../../lib/use-current-user';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { FormField } from '../../../../components/form-field';
import { useActionFeedback } from '../../shared/action-feedback';
import { PlainTableHead } from '../../shared/plain-table-head';
import { useStaff, useStaffMutations } from '../api/staff-api';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const roleLabels: Record<StaffRole, string> = {
  admin: 'admin: everything',
  support: 'support: persons, orders, mails, key resends',
};

/** /admin/staff: the staff logins, inviting one by email, changing a role and removing one (decision 013). */
export function StaffPage() {
  useDocumentTitle('Staff');
  const me = useCurrentUser();
  const staff = useStaff();
  const { invite, setRole, remove } = useStaffMutations();
  const { act, feedback } = useActionFeedback();
  const { register, handleSubmit, reset, formState, fieldOf } = useSchemaForm(staffInviteRequest, {
    defaultValues: { email: '', role: 'support' },
  });

  const submit = handleSubmit((values) =>
    act(async () => {
      await invite.mutateAsync(values);
      reset();
    }, `${values.email} has the role ${values.role}. A new login gets a mail with a link that sets its password.`),
  );

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Staff</h1>
      <form onSubmit={submit} noValidate className="row g-2 align-items-end mb-4" aria-label="Add staff">
        <div className="col-sm-6 col-lg-4">
          <FormField id="staff-email" label="Email" {...fieldOf('email')} />
        </div>
        <div className="col-sm-4 col-lg-3">
          <label htmlFor="staff-role" className="form-label">
            Role
          </label>
          <select id="staff-role" className="form-select" {...register('role')}>
            <option value="support">{roleLabels.support}</option>
            <option value="admin">{roleLabels.admin}</option>
          </select>
        </div>
        <div className="col-auto">
          <FormSubmit label="ADD STAFF" isPending={formState.isSubmitting} />
        </div>
      </form>
      {feedback}
      {staff.isPending && <p role="status">Loading…</p>}
      {staff.data && (
        // Scrolls inside its box on a phone instead of widening the page.
        <div className="table-responsive position-relative">
          <table className="table table-sm align-middle">
            <PlainTableHead columns={['Login', 'Role', 'Password set', 'Two-factor login', 'Since']} />
            <tbody>
              {staff.data.map((member) => {
                const isFixed = member.name === ADMIN_USER_NAME || member.name === me?.name;
                return (
                  <tr key={member.id}>
                    <td>{member.name}</td>
                    <td>
                      {isFixed ? (
                        member.role
                      ) : (
                        <select
                          className="form-select form-select-sm"
                          aria-label={`Role of ${member.name}`}
                          value={member.role}
                          onChange={(event) =>
                            void act(
                              () => setRole.mutateAsync({ id: member.id, role: event.target.value as StaffRole }),
                              `${member.name} is now ${event.target.value}.`,
                            )
                          }
                        >
                          <option value="support">support</option>
                          <option value="admin">admin</option>
                        </select>
                      )}
                    </td>
                    <td>{member.hasPassword ? 'yes' : 'invited'}</td>
                    <td>{member.hasTwoFactor ? 'on' : 'off'}</td>
                    <td>{new Date(member.createdAt).toLocaleDateString()}</td>
                    <td className="text-end">
                      {!isFixed && (
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          onClick={() => {
                            if (window.confirm(`Remove the staff rights of ${member.name}? Their login stays, as a customer login.`)) {
                              void act(() => remove.mutateAsync(member.id), `${member.name} is no longer staff.`);
                            }
                          }}
                        >
                          REMOVE
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
