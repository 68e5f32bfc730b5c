import type { ButtonHTMLAttributes, MouseEvent } from 'react';

type SendButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'aria-disabled'> & {
  /** What the button sends is on its way: presses are ignored meanwhile, but the button keeps the focus. */
  isPending: boolean;
  /** It cannot be sent yet for another reason (an incomplete code): the button is disabled. */
  isDisabled?: boolean;
};

/**
 * A button that sends (a form's submit, a dialog's confirmation): while its request runs it is aria-disabled, not
 * disabled. A disabled button loses the focus to the page's body, and a screen reader's user would start again from
 * the top; this one keeps it and ignores its presses, Enter in a field of its form included (decisions 095 and 096).
 */
export function SendButton({
  isPending,
  isDisabled = false,
  className = 'btn btn-primary',
  type = 'submit',
  onClick,
  ...button
}: SendButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...button}
      type={type}
      className={isPending ? `${className} disabled` : className}
      aria-disabled={isPending || undefined}
      disabled={isDisabled}
      onClick={press}
    />
  );
}
