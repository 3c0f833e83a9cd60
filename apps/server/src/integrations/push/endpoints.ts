// Where the site may send a push message: the push services of the browsers readers use, over
// https, or an origin the operator named (PUSH_EXTRA_ORIGINS). An endpoint comes from a reader's
// browser, so anything else (a private address, another site) is refused when it is stored.

/** The browsers' push services: Chrome/Edge/Opera (FCM), Firefox (Mozilla), Safari (Apple), Windows (WNS). */
const PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export function isPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
