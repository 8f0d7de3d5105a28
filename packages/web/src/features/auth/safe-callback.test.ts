import { describe, expect, it } from 'vitest';
import { safeCallback } from './safe-callback';

describe('safeCallback', () => {
  it('follows paths of this site, with their query and hash', () => {
    expect(safeCallback('/users/list?page=2')).toBe('/users/list?page=2');
    expect(safeCallback('/retail-media/wallet/3/movimentations?rmid=7#top')).toBe('/retail-media/wallet/3/movimentations?rmid=7#top');
    expect(safeCallback('/promotional/list/?name=P%C3%A1scoa')).toBe('/promotional/list/?name=P%C3%A1scoa');
  });

  it('goes home when there is nothing to follow', () => {
    expect(safeCallback(undefined)).toBe('/');
    expect(safeCallback('')).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.example/phish'],
    ['absolute https', 'https://evil.example/phish'],
    ['absolute http', 'http://evil.example'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslashes', '/\\/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['no leading slash', 'evil.example/phish'],
    ['tab between the slashes', '/\t/evil.example'],
    ['newline between the slashes', '/\n/evil.example'],
    ['leading space', ' //evil.example'],
  ])('refuses an open redirect: %s', (_, url) => {
    expect(safeCallback(url)).toBe('/');
  });

  it.each(['/login', '/login?callback_url=/x', '/login/erp', '/logout', '/auth/login', '/integration?token=x', '/forgot-password', '/reset-password?code=x', '/confirm-invite?code=x'])(
    'does not return to a sign-in page: %s',
    (url) => {
      expect(safeCallback(url)).toBe('/');
    },
  );

  it('a private path that merely starts like a sign-in page is followed', () => {
    expect(safeCallback('/logistic/slots/')).toBe('/logistic/slots/');
  });
});
