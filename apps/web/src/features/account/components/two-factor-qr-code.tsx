import { QRCodeSVG } from 'qrcode.react';

/**
 * The authenticator app's set-up link as a QR code (SVG, drawn in the browser: the secret never leaves the page).
 * Loaded lazily by the two-factor section, so no other screen carries the QR library.
 */
export function TwoFactorQrCode({ uri }: { uri: string }) {
  return (
    <QRCodeSVG
      value={uri}
      size={176}
      level="M"
      marginSize={4}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      className="border rounded bg-white"
      data-testid="two-factor-qr-code"
    />
  );
}
