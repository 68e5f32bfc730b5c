import type { Bundle } from '@store/contracts/bundle';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { adminPaths } from '../../shared/admin-paths';
import { ErrorAlert } from '../../../../components/error-alert';
import { useAdminProducts } from '../../shared/products-api';
import { deleteColumn, editColumn } from '../../shared/row-action-columns';
import { useBundles, useDeleteBundleMutation } from '../api/bundles-api';

const ruleLabels: Record<Bundle['rule'], string> = { share: 'Owned share', fixed: 'Fixed per count' };
const priceText = (prices: Record<string, string>) =>
  Object.entries(prices)
    .map(([currency, price]) => `${currency} ${price}`)
    .join(' · ');

/**
 * /admin/bundles (ADMIN → BUNDLES, decision 057): each bundle with its FastSpring path, the products it holds, its
 * prices and its "complete your bundle" rule, EDIT and X, and NEW BUNDLE (an editor that creates on save).
 */
export function BundlesPage() {
  useDocumentTitle('Bundles');
  const navigate = useNavigate();
  const bundles = useBundles();
  const products = useAdminProducts();
  const { mutate: deleteBundle, error: deleteError } = useDeleteBundleMutation();

  const columns = useMemo<ColumnDef<Bundle>[]>(() => {
    const nameOf = (id: number) => products.data?.find((product) => product.id === id)?.name ?? `#${id}`;
    return [
      { accessorKey: 'name', header: 'name', size: 200 },
      { accessorKey: 'path', header: 'FastSpring path', size: 160 },
      { id: 'parts', accessorFn: (bundle) => bundle.partProductIds.map(nameOf).join(', '), header: 'holds', size: 240 },
      { id: 'prices', accessorFn: (bundle) => priceText(bundle.prices), header: 'prices', size: 160 },
      { id: 'rule', accessorFn: (bundle) => ruleLabels[bundle.rule], header: 'complete your bundle', size: 160 },
      editColumn((bundle) => adminPaths.bundle(bundle.bundleProductId)),
      deleteColumn({
        label: (bundle) => `Delete bundle ${bundle.name}`,
        confirmText: (bundle) =>
          `Delete the bundle ${bundle.name}? Licences sold with it are kept. Its product stays in PRODUCTS (delete it there) but no longer issues the licences of the products it held.`,
        onDelete: (bundle) => deleteBundle(bundle.bundleProductId),
      }),
    ];
  }, [deleteBundle, products.data]);

  return (
    <main className="container-fluid px-lg-4 py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Bundles</h1>
        <button type="button" className="btn btn-primary" onClick={() => void navigate(adminPaths.newBundle)}>
          NEW BUNDLE
        </button>
      </div>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Bundles"
        columns={columns}
        data={bundles.data ?? []}
        getRowId={(bundle) => String(bundle.bundleProductId)}
        isLoading={bundles.isPending}
        emptyText="No bundles"
      />
    </main>
  );
}
