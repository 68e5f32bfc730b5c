/** A labelled input of the two-factor forms: the current password, or a code of the app (or a recovery code). */
export function TwoFactorField(props: { id: string; label: string; type?: 'password'; value: string; onChange: (value: string) => void }) {
  const isPassword = props.type === 'password';
  return (
    <div className="col-sm-6 col-lg-4">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <input
        id={props.id}
        className="form-control"
        {...(isPassword ? { type: 'password', autoComplete: 'current-password' } : { inputMode: 'numeric', autoComplete: 'one-time-code' })}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
