import type { Offer } from '@store/contracts/offer';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { adminPaths } from '../../shared/admin-paths';
import { ErrorAlert } from '../../../../components/error-alert';
import { useAdminProducts } from '../../shared/products-api';
import { deleteColumn, editColumn } from '../../shared/row-action-columns';
import { useDeleteOfferMutation, useOffers } from '../api/offers-api';

const kindLabels: Record<Offer['kind'], string> = { upgrade: 'Upgrade', crossgrade: 'Crossgrade' };

/**
 * /admin/offers (ADMIN → UPGRADES, decision 036): the upgrade paths and crossgrades with EDIT and X, and NEW OFFER
 * (an editor that creates on save). "sold" counts the licences bought through each and not refunded: the report of
 * upgrades sold per path.
 */
export function OffersPage() {
  useDocumentTitle('Upgrades');
  const navigate = useNavigate();
  const offers = useOffers();
  const products = useAdminProducts();
  const { mutate: deleteOffer, error: deleteError } = useDeleteOfferMutation();

  const columns = useMemo<ColumnDef<Offer>[]>(() => {
    const nameOf = (id: number) => products.data?.find((product) => product.id === id)?.name ?? `#${id}`;
    return [
      { accessorKey: 'name', header: 'name', size: 240 },
      { id: 'kind', accessorFn: (offer) => kindLabels[offer.kind], header: 'kind', size: 120 },
      { id: 'sources', accessorFn: (offer) => offer.sourceProductIds.map(nameOf).join(', '), header: 'from', size: 180 },
      { id: 'target', accessorFn: (offer) => nameOf(offer.targetProductId), header: 'to', size: 160 },
      {
        id: 'prices',
        accessorFn: (offer) =>
          Object.entries(offer.prices)
            .map(([currency, price]) => `${currency} ${price}`)
            .join(' · '),
        header: 'prices',
        size: 180,
      },
      { id: 'active', accessorFn: (offer) => (offer.isActive ? 'yes' : 'no'), header: 'active', size: 90 },
      { accessorKey: 'soldCount', header: 'sold', size: 90 },
      editColumn((offer) => adminPaths.offer(offer.id)),
      deleteColumn({
        label: (offer) => `Delete offer ${offer.name}`,
        confirmText: (offer) =>
          `Delete the offer ${offer.name}? Licences bought through it are kept; customers can no longer buy it. To pause it, edit it and untick Active.`,
        onDelete: (offer) => deleteOffer(offer.id),
      }),
    ];
  }, [deleteOffer, products.data]);

  return (
    <main className="admin-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Upgrades and crossgrades</h1>
        <button type="button" className="btn btn-primary" onClick={() => void navigate(adminPaths.newOffer)}>
          NEW OFFER
        </button>
      </div>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Upgrades and crossgrades"
        columns={columns}
        data={offers.data ?? []}
        getRowId={(offer) => String(offer.id)}
        isLoading={offers.isPending}
        emptyText="No upgrades or crossgrades"
      />
    </main>
  );
}
