import { describe, expect, it } from 'vitest';
import { appSourceFiles, readAppSourceFile } from '../test/app-source-files';

const appFiles = appSourceFiles();

/** A form set up by hand (`useForm(` or `useForm<…>(`), or a field's registration and message written out. */
const ownFormSetup = /\buseForm\s*[<(]|registration=\{register\(/;

describe('every form is set up by lib/use-schema-form.ts (issue 28)', () => {
  it('recognises a form set up by hand', () => {
    expect(ownFormSetup.test('const { register } = useForm<LoginForm>({ resolver: zodResolver(loginForm) });')).toBe(true);
    expect(ownFormSetup.test('<FormField id="email" registration={register(\'email\')} error={errors.email?.message} />')).toBe(true);
    expect(ownFormSetup.test('const { fieldOf } = useSchemaForm(loginForm, { defaultValues });')).toBe(false);
  });

  it('has no form resolve, validate or bind its fields its own way', () => {
    const copies = appFiles.filter((file) => file !== 'lib/use-schema-form.ts' && ownFormSetup.test(readAppSourceFile(file)));
    expect(copies).toEqual([]);
  });
});
