import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useEditorRecord } from '../../shared/use-editor-record';
import { formatDateTime } from '../../shared/format-date';
import { usePerson } from '../api/persons-api';
import { ErasePersonButton } from './erase-person-button';
import { LicencesTable } from './licences-table';
import { NewOrderForm } from './new-order-form';
import { PersonForm } from './person-form';
import { PersonTimeline } from './person-timeline';
import { TransferForm } from './transfer-form';

/** Ids of the ticked licences (row ids are the order ids). */
const tickedOrderIds = (selection: RowSelectionState): number[] =>
  Object.entries(selection)
    .filter(([, isTicked]) => isTicked)
    .map(([id]) => Number(id));

/**
 * /admin/person/{id}: the person form (SAVE, Refresh Serial Keys, Delete Login), a new order, the transfer of the
 * ticked licences, and the licences with their keys and computers; beyond the spec, the erasure of the person's
 * personal data (docs/PRIVACY.md) and their timeline (decision 061). An erased person's record shows only their kept orders.
 */
export function PersonEditorPage() {
  // /admin/person/new: "New Person" with the defaults of person 0, created on SAVE (decisions 025 and 068).
  const { recordId: personId, isNew, editorKey, onCreated } = useEditorRecord();
  const person = usePerson(personId);
  const [selection, setSelection] = useState<RowSelectionState>({});
  useDocumentTitle(isNew ? 'New Person' : 'Person');

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-4">{isNew ? 'New Person (created on SAVE)' : `Person ${person.data ? `${person.data.id}` : ''}`}</h1>
      {person.isPending && <p aria-busy="true">Loading…</p>}
      {person.data?.erasedAt ? (
        <p className="alert alert-secondary" role="status" data-testid="person-erased">
          This person&apos;s personal data was erased on {formatDateTime(person.data.erasedAt)}. The record keeps their orders (date,
          product, amount, currency, country and FastSpring&apos;s reference) for the tax records; their licences have ended.
        </p>
      ) : (
        person.data && (
          <>
            <PersonForm key={editorKey} person={person.data} onCreated={onCreated} />
            {!isNew && (
              <div className="mt-3">
                <ErasePersonButton personId={personId} email={person.data.email} />
              </div>
            )}
          </>
        )
      )}
      {!isNew && person.data?.erasedAt && <LicencesTable personId={personId} selection={selection} onSelectionChange={setSelection} />}
      {!isNew && !person.data?.erasedAt && <PersonLicences personId={personId} selection={selection} onSelectionChange={setSelection} />}
      {!isNew && person.data && <PersonTimeline personId={personId} />}
    </main>
  );
}

type PersonLicencesProps = { personId: number; selection: RowSelectionState; onSelectionChange: OnChangeFn<RowSelectionState> };

function PersonLicences({ personId, selection, onSelectionChange: setSelection }: PersonLicencesProps) {
  return (
    <>
      <div className="row g-4 mt-1">
        <div className="col-lg-5">
          <NewOrderForm personId={personId} />
        </div>
        <div className="col-lg-7">
          <TransferForm orderIds={tickedOrderIds(selection)} onTransferred={() => setSelection({})} />
        </div>
      </div>
      <LicencesTable personId={personId} selection={selection} onSelectionChange={setSelection} />
    </>
  );
}
