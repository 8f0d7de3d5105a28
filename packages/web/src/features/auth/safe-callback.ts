/** Only same-site paths are followed after sign-in (no open redirect to another host). */
export function safeCallback(url: string | undefined): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  if (url.startsWith('/login') || url.startsWith('/logout') || url.startsWith('/auth/')) return '/';
  return url;
}
