/** Shown while a lazily loaded screen arrives. */
export function PageFallback() {
  return (
    <main className="container py-4" aria-busy="true">
      <div className="spinner-border text-secondary" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </main>
  );
}
