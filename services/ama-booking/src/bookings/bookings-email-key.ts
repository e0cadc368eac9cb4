/** Domains whose mailboxes ignore dots in the local part (Gmail; googlemail.com is the same service). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The key one mailbox is known by for "one active booking per email" and the per-address mail cap:
 * trimmed and lower-cased, without a "+tag" (sam+1@x and sam+2@x reach the same mailbox at Gmail,
 * Outlook, Fastmail, iCloud, Proton...), and for Gmail without dots and with googlemail.com as
 * gmail.com (s.a.m@gmail.com is sam@gmail.com). Without these, one inbox gives a script an
 * unlimited supply of "different" addresses. The cost: at the rare domain where a "+" is part of a
 * distinct mailbox name, two such people count as one address (docs/decisions.md).
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    domain = dotless;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
