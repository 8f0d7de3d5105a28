const ORIGIN = 'http://same-site.invalid';

/** Public pages of the sign-in flow: returning to one of them after sign-in would loop. */
const AUTH_PAGES = /^\/(login|logout|auth|integration|forgot-password|reset-password|confirm-invite)(\/|$)/;

/** Only same-site paths are followed after sign-in (no open redirect to another host). */
export function safeCallback(url: string | undefined): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  // Browsers drop tabs and newlines from URLs ("/\t/evil.com" is "//evil.com"): refuse any control character.
  if ([...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  let parsed: URL;
  try {
    parsed = new URL(url, ORIGIN);
  } catch {
    return '/';
  }
  if (parsed.origin !== ORIGIN || AUTH_PAGES.test(parsed.pathname)) return '/';
  return url;
}
