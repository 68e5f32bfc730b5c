import type { PublicDownload } from '@store/contracts/download';

const formatSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

const formatRelease = (day: string) => {
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
};

/** An installer's file name, size, release date and SHA-256, as the customer area and the product pages show them. */
export function FileFacts({ download }: { download: PublicDownload }) {
  return (
    <div className="small text-body-secondary">
      {download.fileName} · {formatSize(download.sizeBytes)} · released{' '}
      <time dateTime={download.releaseDate}>{formatRelease(download.releaseDate)}</time>
      {download.sha256 && (
        <div>
          SHA-256:{' '}
          <code data-testid="sha256" style={{ wordBreak: 'break-all' }}>
            {download.sha256}
          </code>
        </div>
      )}
    </div>
  );
}
