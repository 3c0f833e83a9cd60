// Which hosts media may come from and which addresses may be connected to: Telegram's
// own hosts only, and never a private, loopback or link-local address (a post could
// otherwise make the server fetch from inside its own network).
import { isIP } from 'node:net';

/** Telegram's hosts for pages and media (a leading '.' also allows every subdomain). */
export const TELEGRAM_MEDIA_HOSTS = [
  't.me', 'telegram.me', 'telegram.dog', '.telegram.org', 'telegram.org', '.telesco.pe', 'telesco.pe',
  '.cdn-telegram.org', '.telegram-cdn.org', 'telegra.ph', 'graph.org',
];

export function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((rule) => (rule.startsWith('.') ? host.endsWith(rule) && host.length > rule.length : host === rule));
}

function ipv4Parts(address: string): number[] {
  return address.split('.').map(Number);
}

/** True for addresses no public fetch should reach: private, loopback, link-local, CGNAT, multicast, reserved. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a, b] = ipv4Parts(address);
    return a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
      (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19));
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]);
    return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff') ||
      lower.startsWith('64:ff9b:') || lower.startsWith('2001:db8');
  }
  return true;
}
