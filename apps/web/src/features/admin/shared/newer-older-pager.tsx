/** Paging of a newest-first list: Newer, "Page X of Y", Older (the person's timeline, a product's trials). */
export function NewerOlderPager({
  label,
  page,
  pageCount,
  onPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="d-flex align-items-center gap-2" aria-label={label}>
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span>
        Page {page + 1} of {pageCount}
      </span>
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={page + 1 >= pageCount} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}
