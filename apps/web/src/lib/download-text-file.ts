/** Saves `text` as a file called `fileName` (of `type`): a Blob behind a temporary `<a download>` that is clicked once. */
export function downloadTextFile(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the Blob only after the click handler has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
