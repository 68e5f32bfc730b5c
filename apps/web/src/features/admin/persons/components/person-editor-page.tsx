import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useEditorKey } from '../../shared/use-editor-key';
import { usePerson } from '../api/persons-api';
import { LicencesTable } from './licences-table';
import { NewOrderForm } from './new-order-form';
import { PersonForm } from './person-form';
import { TransferForm } from './transfer-form';

/** Ids of the ticked licences (row ids are the order ids). */
const tickedOrderIds = (selection: RowSelectionState): number[] =>
  Object.entries(selection)
    .filter(([, isTicked]) => isTicked)
    .map(([id]) => Number(id));

/**
 * /admin/person/{id}: the person form (SAVE, Refresh Serial Keys, Delete Login), a new order, the transfer of the
 * ticked licences, and the licences with their keys and computers.
 */
export function PersonEditorPage() {
  const id = useParams().id ?? '';
  const personId = Number(id);
  const person = usePerson(personId);
  const [selection, setSelection] = useState<RowSelectionState>({});
  // /admin/person/0: "New Person" with the defaults, created on SAVE (decision 025).
  const isNew = personId === 0;
  const { editorKey, onCreated } = useEditorKey(id, isNew);
  useDocumentTitle(isNew ? 'New Person' : 'Person');

  return (
    <main className="container-fluid px-lg-4 py-4">
      <h1 className="h3 mb-4">{isNew ? 'New Person (created on SAVE)' : `Person ${person.data ? `${person.data.id}` : ''}`}</h1>
      {person.isPending && <p aria-busy="true">Loading…</p>}
      {person.data && <PersonForm key={editorKey} person={person.data} onCreated={onCreated} />}
      {!isNew && <PersonLicences personId={personId} selection={selection} onSelectionChange={setSelection} />}
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
