import { adminPageForm } from '@store/contracts/forms';
import type { Page } from '@store/contracts/page';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { CheckboxField, FormField } from '../../../../components/form-field';
import { paths } from '../../../../config/paths';
import { FormSubmit } from '../../../../components/form-submit';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useSavePageMutation } from '../api/pages-api';
import { PagePreview, type PreviewEnhancer } from './page-preview';
import { useSchemaForm } from '../../../../lib/use-schema-form';

// CodeMirror is big: it loads with this screen's editor only, never with a visitor's page.
const HtmlCodeEditor = lazy(async () => ({ default: (await import('./html-code-editor')).HtmlCodeEditor }));

// Draft or published (decision 025): only published pages are served and listed in the menu.
const pageForm = adminPageForm.extend({ isPublished: z.boolean() });
type PageFormInput = z.input<typeof pageForm>;

const formValuesOf = (page: Page): PageFormInput => ({
  name: page.name,
  url: page.url,
  mainMenuPriority: String(page.mainMenuPriority),
  isMainMenu: page.isMainMenu,
  htmlText: page.htmlText,
  isPublished: page.isPublished ?? true,
});

type PageEditorFormProps = { page: Page; enhance?: PreviewEnhancer | undefined; onCreated?: (id: number) => void };

export function PageEditorForm({ page, enhance, onCreated }: PageEditorFormProps) {
  const savePage = useSavePageMutation();
  const navigate = useNavigate();
  const [savedUrl, setSavedUrl] = useState('');
  const { handleSubmit, formState, control, reset, fieldOf } = useSchemaForm(pageForm, {
    defaultValues: formValuesOf(page),
  });
  const { errors } = formState;
  const html = useDeferredValue(useWatch({ control, name: 'htmlText' }));
  const isPublished = useWatch({ control, name: 'isPublished' });
  const isNew = page.id <= 0;
  useUnsavedChangesWarning(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    setSavedUrl('');
    try {
      const saved = await savePage.mutateAsync({ id: page.id, date: page.date, ...values });
      reset(formValuesOf(saved));
      setSavedUrl(saved.isPublished === false ? '' : saved.url);
      // A new page exists from its first save on: its editor has its id from now on.
      if (isNew) {
        onCreated?.(saved.id);
        void navigate(paths.adminPage(saved.id), { replace: true });
      }
    } catch {
      // Shown by the error alert.
    }
  });

  // The preview stays outside the form: the page's own buttons and forms must not submit the editor.
  return (
    <div className="row g-4">
      <div className="col-xl-6">
        <form onSubmit={submit} noValidate aria-label="Page">
          <div className="row g-3 align-items-start">
            <div className="col-md-6">
              <FormField id="page-name" label="Name" {...fieldOf('name')} />
            </div>
            <div className="col-md-6">
              <FormField id="page-url" label="Url" {...fieldOf('url')} />
            </div>
            <div className="col-md-6">
              <FormField id="page-priority" label="Main menu priority" {...fieldOf('mainMenuPriority')} />
            </div>
            <div className="col-md-3 pt-md-4">
              <CheckboxField id="page-main-menu" label="Main menu" {...fieldOf('isMainMenu')} />
            </div>
            <div className="col-md-3 pt-md-4">
              <CheckboxField id="page-published" label="Published" {...fieldOf('isPublished')} />
            </div>
          </div>
          <h2 id="page-html-label" className="h6">
            HTML
          </h2>
          {/* The editor's box is the form's, already while its chunk loads: SAVE PAGE must not jump away under a click. */}
          <div className="border rounded" style={{ height: '32rem' }}>
            <Suspense
              fallback={
                <p className="p-2 mb-0" aria-busy="true">
                  Loading the editor…
                </p>
              }
            >
              <Controller
                control={control}
                name="htmlText"
                render={({ field }) => (
                  <HtmlCodeEditor value={field.value} onChange={field.onChange} onBlur={field.onBlur} labelId="page-html-label" />
                )}
              />
            </Suspense>
          </div>
          {errors.htmlText && <div className="text-danger small mt-1">{errors.htmlText.message}</div>}
          <FormSubmit
            label="SAVE PAGE"
            isPending={savePage.isPending}
            className="mt-3"
            error={savePage.error}
            notice={
              savedUrl && (
                <>
                  Page saved. <Link to={savedUrl}>View page</Link>
                </>
              )
            }
          >
            <span className={`badge ${isPublished ? 'text-bg-success' : 'text-bg-warning'}`}>
              {isNew ? 'Not created yet: ' : ''}
              {isPublished ? 'Published' : 'Draft: not served, not in the menu'}
            </span>
          </FormSubmit>
        </form>
      </div>
      <div className="col-xl-6">
        <h2 className="h6">Preview</h2>
        <PagePreview html={html} enhance={enhance} />
      </div>
    </div>
  );
}
