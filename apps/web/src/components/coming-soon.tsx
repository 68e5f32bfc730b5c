/** Placeholder body of the screens later issues build. */
export function ComingSoon() {
  return (
    <main className="container py-4">
      <h1 className="h3">Coming soon</h1>
    </main>
  );
}
