import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

type SchemaFormOptions<Input extends FieldValues, Output> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver' | 'mode' | 'reValidateMode'
>;

/** One field's registration and validation message, as `FormField`, `SelectField` and the others take them. */
export type FieldBinding = { registration: ReturnType<UseFormReturn['register']>; error: string | undefined };

/**
 * A form validated by its contract's schema (house style 2), checked on submit and then as the user corrects it,
 * as every form of the app is. `fieldOf(name)` binds a field component to it: `<FormField … {...fieldOf('email')} />`.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: SchemaFormOptions<Input, Output>,
): UseFormReturn<Input, unknown, Output> & { fieldOf: (name: Path<Input>) => FieldBinding } {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onChange', ...options });
  const fieldOf = (name: Path<Input>): FieldBinding => ({
    registration: form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return { ...form, fieldOf };
}
