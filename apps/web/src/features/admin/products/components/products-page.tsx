import type { Product } from '@store/contracts/product';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { paths } from '../../../../config/paths';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { deleteColumn, editColumn } from '../../shared/row-action-columns';
import { useAdminProducts } from '../../shared/products-api';
import { useDeleteProductMutation } from '../api/products-api';
import { adminPaths } from '../../shared/admin-paths';

/** /admin/products: the products with EDIT and X, and NEW PRODUCT (an editor that creates on save). */
export function ProductsPage() {
  useDocumentTitle('Products');
  const navigate = useNavigate();
  const products = useAdminProducts();
  const { mutate: deleteProduct, error: deleteError } = useDeleteProductMutation();

  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      { accessorKey: 'id', header: 'id', size: 110 },
      { accessorKey: 'name', header: 'name', size: 200 },
      { accessorKey: 'description', header: 'description', size: 420 },
      editColumn((product) => paths.adminProduct(product.id)),
      deleteColumn({
        label: (product) => `Delete product ${product.name}`,
        confirmText: (product) =>
          `Delete the product ${product.name} with its keys and serial list? A product with licences or activation codes is kept.`,
        onDelete: (product) => deleteProduct(product.id),
      }),
    ],
    [deleteProduct],
  );

  // Opens the editor with the defaults; nothing is created until SAVE PRODUCT (decision 025).
  const openNewProduct = () => void navigate(adminPaths.newProduct);

  return (
    <main className="admin-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Products</h1>
        <button type="button" className="btn btn-primary" onClick={openNewProduct}>
          NEW PRODUCT
        </button>
      </div>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Products"
        columns={columns}
        data={products.data ?? []}
        getRowId={(product) => String(product.id)}
        isLoading={products.isPending}
        emptyText="No products"
      />
    </main>
  );
}
