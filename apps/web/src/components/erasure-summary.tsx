/**
 * What an erasure does and what it keeps (docs/PRIVACY.md), as the confirmations of the account screen ("you") and
 * the person screen ("person") say it before anything is erased.
 */
export function ErasureSummary({ who }: { who: 'you' | 'person' }) {
  const isYou = who === 'you';
  const their = isYou ? 'your' : 'their';
  const Their = isYou ? 'Your' : 'Their';
  return (
    <div data-testid="erasure-summary">
      <p className="mb-2">What happens:</p>
      <ul>
        <li>
          {Their} login ends: {isYou ? 'you are' : 'they are'} logged out everywhere, and the email address and password no longer log in.{' '}
          {isYou ? 'You' : 'They'} may register again later, as a new customer.
        </li>
        <li>
          {Their} licences end: their key files and {their} registered computers are removed. They can no longer be downloaded, registered
          on a computer, unlocked or transferred; plug-ins already unlocked on a computer may keep running.
          {isYou ? ' To keep a licence, transfer it to someone first.' : ''}
        </li>
        <li>
          Deleted: {their} name, email address and country, the mails we sent {isYou ? 'you' : 'them'}, {their} support requests, trials and
          loyalty codes, and every mention of {isYou ? 'you' : 'them'} in our records.
        </li>
      </ul>
      <p className="mb-2">What we keep:</p>
      <ul>
        <li>
          For the tax records, without {their} name or address: each order&apos;s date, products, amounts, currency, country and
          FastSpring&apos;s order reference, for 10 years.
        </li>
        <li>
          FastSpring, who sold the licences as merchant of record, keeps its own records of {their} purchases
          {isYou ? ': ask FastSpring about those.' : '.'}
        </li>
      </ul>
    </div>
  );
}
