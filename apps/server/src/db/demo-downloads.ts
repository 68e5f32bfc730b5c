/**
 * The demo's installers: small real files in apps/web/public/downloads/, which the server serves as static files,
 * so a download works end to end. A vendor's own installers live in their bucket or on their server (decision 023).
 */
export const demoDownloads = [
  { productName: 'Spacey', platform: 'macos', version: '1.2.0', fileName: 'spacey-1.2.0-macos.zip', sizeBytes: 272, sha256: '654c179527e583aa809b61846f28d2c74bac302325017e372b502836d0848e5f', releaseDate: '2026-10-14', notes: 'Shimmer has a new tone control.\nFreeze no longer clicks at the loop point.' },
  { productName: 'Spacey', platform: 'windows', version: '1.2.0', fileName: 'spacey-1.2.0-windows.zip', sizeBytes: 272, sha256: '92e44f8d4e4153fa025c1b593d8f5b240eb41320c177be5b26e0f080e20f7d14', releaseDate: '2026-10-14', notes: 'Shimmer has a new tone control.\nFreeze no longer clicks at the loop point.' },
  { productName: 'Spacey', platform: 'linux', version: '1.2.0', fileName: 'spacey-1.2.0-linux.zip', sizeBytes: 272, sha256: 'eed00ed3580de84ff8d2bf6b192c83d2fee0f1701a5b713565e7d17091d614b6', releaseDate: '2026-10-14', notes: 'First Linux build (VST3, CLAP).' },
  { productName: 'Spacey', platform: 'macos', version: '1.1.0', fileName: 'spacey-1.1.0-macos.zip', sizeBytes: 271, sha256: 'a0722dc2ef439b9be26bd699040154976223c4ab6ce4c30d04276a273b2ee2c6', releaseDate: '2026-05-02', notes: 'Native on Apple silicon.\n30% less CPU at high density.' },
  { productName: 'Spacey', platform: 'windows', version: '1.1.0', fileName: 'spacey-1.1.0-windows.zip', sizeBytes: 272, sha256: '3e2314fe5aa6248e2c4806c70860b981423d42f07dfad0ab1af738dafc79a1d4', releaseDate: '2026-05-02', notes: '30% less CPU at high density.' },
  { productName: 'Punch', platform: 'macos', version: '2.0.1', fileName: 'punch-2.0.1-macos.zip', sizeBytes: 271, sha256: '50656f75a2608fdd15f3547b06456d1ce7148cf4e129543c4b8af1347d54a798', releaseDate: '2026-09-03', notes: 'Fixes the sidechain filter in Pro Tools.' },
  { productName: 'Punch', platform: 'windows', version: '2.0.1', fileName: 'punch-2.0.1-windows.zip', sizeBytes: 271, sha256: '96d2c9fa21d5863194d915c401904176124a142008a5f6ad2732ad0ee5619303', releaseDate: '2026-09-03', notes: 'Fixes the sidechain filter in Pro Tools.' },
  { productName: 'Tapewarm', platform: 'macos', version: '1.0.3', fileName: 'tapewarm-1.0.3-macos.zip', sizeBytes: 272, sha256: '73fdad9d6a79080b90a6f55e4f2f3d693f198a6a5d169b8fa96d39ba4b5dd166', releaseDate: '2026-07-21', notes: 'Wow and flutter follow the host tempo.' },
  { productName: 'Tapewarm', platform: 'windows', version: '1.0.3', fileName: 'tapewarm-1.0.3-windows.zip', sizeBytes: 273, sha256: '8ed6e2484f9f5a225374552cb2f2a14da85791cdbd323b81c9ada9bc4e62bfcc', releaseDate: '2026-07-21', notes: 'Wow and flutter follow the host tempo.' },
] as const;

/** Where the demo's installer files are served from (plain URLs on the site itself). */
export const demoDownloadUrl = (fileName: string) => `/downloads/${fileName}`;
