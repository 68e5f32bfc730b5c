import { sendKeyForm } from '@store/contracts/forms';
import { emailSentTo, sendSerialFailed } from '@store/contracts/messages';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FormField } from '../../../../components/form-field';
import { errorText } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useAdminProducts } from '../../shared/products-api';
import { useResendSerialMutation } from '../api/resend-serial';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

/**
 * /admin/resendserial/{productName}: an email field and SEND; the result shows on the screen. Reached from the
 * ADMIN menu without a product (then a product select) and from a person's licence with the address filled in.
 */
export function ResendSerialPage() {
  const productInPath = useParams().productName ?? '';
  const [chosenProduct, setChosenProduct] = useState('');
  const productName = productInPath || chosenProduct;
  const products = useAdminProducts();
  const emailInQuery = useSearchParams()[0].get('email') ?? '';
  useDocumentTitle('Resend Serial');
  const resend = useResendSerialMutation();
  const [result, setResult] = useState('');
  const { handleSubmit, setError, fieldOf } = useSchemaForm(sendKeyForm, {
    defaultValues: { email: emailInQuery },
  });

  const submit = handleSubmit(async ({ email }) => {
    setResult('');
    if (productName === '') {
      setError('email', { type: 'server', message: sendSerialFailed('Choose a product.') });
      return;
    }
    try {
      await resend.mutateAsync({ email, productName });
      setResult(emailSentTo(email));
    } catch (error) {
      setError('email', { type: 'server', message: sendSerialFailed(errorText(error)) });
    }
  });

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Resend serial{productInPath ? `: ${productInPath}` : ''}</h1>
      <form onSubmit={submit} noValidate style={{ maxWidth: '36rem' }}>
        {!productInPath && (
          <div className="mb-3">
            <label htmlFor="resend-product" className="form-label">
              Product
            </label>
            <select
              id="resend-product"
              className="form-select"
              value={chosenProduct}
              onChange={(event) => setChosenProduct(event.target.value)}
            >
              <option value="">Choose a product</option>
              {products.data?.map((product) => (
                <option key={product.id} value={product.name}>
                  {product.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <FormField id="resend-email" label="Email" type="email" {...fieldOf('email')} />
        <FormSubmit label="SEND" isPending={resend.isPending} />
      </form>
      {result && (
        <p className="alert alert-success mt-3" role="status">
          {result}
        </p>
      )}
    </main>
  );
}
