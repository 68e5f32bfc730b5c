import type { SearchHit } from '@store/contracts/search';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { MIN_SEARCH_LENGTH, useAdminSearch } from '../api/search-api';
import { adminPaths } from '../../shared/admin-paths';

const describeHit = (hit: SearchHit) => {
  if (hit.personId === 0) return `${hit.match}: not redeemed yet (${hit.productName ?? ''}, batch ${hit.batchNumber ?? ''})`;
  const licence = hit.orderId === null ? '' : ` · licence ${hit.orderId} (${hit.productName ?? ''})`;
  return `${hit.personEmail || hit.personName}${hit.personName && hit.personEmail ? ` (${hit.personName})` : ''}${licence}`;
};

/**
 * The search box above every admin screen: an email, a name, a serial or key text, an activation code, a Device ID
 * or a provider order reference finds the person and the licence in one step (decision 024).
 */
export function AdminSearch() {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = useAdminSearch(submitted);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(text.trim());
  };
  const close = () => {
    setSubmitted('');
    setText('');
  };

  return (
    <div className="container-fluid px-lg-4 pt-3">
      <form role="search" className="d-flex gap-2" style={{ maxWidth: '44rem' }} onSubmit={submit}>
        <input
          type="search"
          className="form-control"
          placeholder="Find email, name, serial, key, activation code, Device ID or order reference"
          aria-label="Search persons and licences"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={text.trim().length < MIN_SEARCH_LENGTH}>
          Find
        </button>
      </form>
      {submitted.length >= MIN_SEARCH_LENGTH && (
        <section className="border rounded p-2 mt-2" style={{ maxWidth: '44rem' }} aria-label="Search results">
          {search.isPending && (
            <p className="mb-0" aria-busy="true">
              Searching…
            </p>
          )}
          {search.isError && <p className="mb-0 text-danger">The search failed.</p>}
          {search.data && search.data.hits.length === 0 && <p className="mb-0">Nothing found for “{submitted}”.</p>}
          {search.data && search.data.hits.length > 0 && (
            <ul className="list-unstyled mb-0">
              {search.data.hits.map((hit, index) => (
                <li key={`${hit.match}-${hit.personId}-${hit.orderId ?? ''}-${index}`} className="py-1">
                  <span className="badge text-bg-secondary me-2">{hit.match}</span>
                  {hit.personId === 0 ? (
                    <Link to={adminPaths.batches} onClick={close}>
                      {describeHit(hit)}
                    </Link>
                  ) : (
                    <Link to={paths.adminPerson(hit.personId)} onClick={close}>
                      {describeHit(hit)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
          {search.data?.isTruncated && <p className="small text-body-secondary mb-0">More matches: type more of the text.</p>}
        </section>
      )}
    </div>
  );
}
