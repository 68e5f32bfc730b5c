import { trialKeyFileName, webTrialForm, type WebTrialResponse } from '@store/contracts/trial';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import { usePublicProducts } from '../../../lib/checkout/product-paths';
import { downloadTextFile } from '../../../lib/download-text-file';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStartTrialMutation } from '../api/start-trial';
import { FormSubmit } from '../../../components/form-submit';
import { useSchemaForm } from '../../../lib/use-schema-form';

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /trial/{productName?} (no login): a trial for a computer without internet, by the Device ID its plug-in shows
 * (decision 017). The answer is the trial's key file, saved as {product}_TrialKey.txt, to load into the plug-in.
 * Online, the plug-in starts its trial itself.
 */
export function TrialPage() {
  const { productName = '' } = useParams();
  // The public product list (GET /product/), shared with the purchase pages.
  const products = usePublicProducts();
  const startTrial = useStartTrialMutation();
  const [trial, setTrial] = useState<WebTrialResponse | null>(null);
  const knownName = products.data?.find((product) => product.name.toLowerCase() === productName.toLowerCase())?.name;
  useDocumentTitle(knownName ? `Try ${knownName}` : 'Start a trial');
  const { register, handleSubmit, setError, formState, fieldOf } = useSchemaForm(webTrialForm, {
    values: { productName: knownName ?? '', deviceId: '', email: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = formState;
  const describeTrial = (answer: WebTrialResponse) => {
    const until = formatDay(answer.expiresAt);
    if (!answer.isNew)
      return `This computer already has a trial of ${answer.productName}: here is its key file again. It runs until ${until}.`;
    const days = products.data?.find((product) => product.name === answer.productName)?.trialDays;
    return `Your ${days ? `${days}-day ` : ''}trial of ${answer.productName} runs until ${until}.`;
  };

  const submit = handleSubmit(async (values) => {
    setTrial(null);
    try {
      setTrial(await startTrial.mutateAsync(values));
    } catch (error) {
      setError('deviceId', { type: 'server', message: errorText(error) }, { shouldFocus: true });
    }
  });

  return (
    <main className="container py-4">
      <div className="row">
        <div className="col-md-8 col-lg-6">
          <h1 className="h3 mb-3">{knownName ? `Try ${knownName}` : 'Start a trial'}</h1>
          <p>
            On a computer with internet, the plug-in starts its trial by itself. For a computer without internet, type the Device ID the
            plug-in shows there: you get a key file to copy to that computer and load into the plug-in. Each computer gets one trial of each
            product; it ends by itself, nothing is charged.
          </p>
          <form onSubmit={submit} noValidate aria-label="Trial">
            <div className="mb-3">
              <label htmlFor="trial-product" className="form-label">
                Product
              </label>
              <select
                id="trial-product"
                className={errors.productName ? 'form-select is-invalid' : 'form-select'}
                aria-invalid={errors.productName ? true : undefined}
                {...register('productName')}
              >
                <option value="">Choose…</option>
                {products.data
                  ?.filter((product) => !product.isBundle)
                  .map((product) => (
                    <option key={product.id} value={product.name}>
                      {product.trialDays ? `${product.name} (${product.trialDays} days)` : product.name}
                    </option>
                  ))}
              </select>
              {errors.productName && <div className="invalid-feedback">{errors.productName.message}</div>}
            </div>
            <FormField id="trial-device-id" label="Device ID of the offline plug-in" autoComplete="off" {...fieldOf('deviceId')} />
            <FormField id="trial-email" label="Email (optional)" type="email" autoComplete="email" {...fieldOf('email')} />
            <FormSubmit label="START TRIAL" isPending={isSubmitting} />
          </form>
          {trial && (
            <div className="alert alert-success mt-4" role="status" data-testid="trial-result">
              <p>{describeTrial(trial)}</p>
              <p>
                Copy {trialKeyFileName(trial.productName)} to the computer and load it into the plug-in. The trial key works on that
                computer only.
              </p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => downloadTextFile(trialKeyFileName(trial.productName), trial.keyFile)}
              >
                Download trial key
              </button>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
