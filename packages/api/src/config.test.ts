import { describe, expect, it } from 'vitest';
import { loadConfig, publicOrigin } from './config.ts';

describe('the public origin (event, beacon and e-mailed links)', () => {
  it('is where the server listens when APP_URL is unset', () => {
    expect(loadConfig({ PORT: '4123' }).appUrl).toBe('http://localhost:4123');
    expect(loadConfig({ PORT: '4123', HOST: '127.0.0.1' }).appUrl).toBe('http://127.0.0.1:4123');
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
  });

  it('reaches a wildcard address as localhost and an IPv6 one in brackets', () => {
    expect(publicOrigin('0.0.0.0', 80)).toBe('http://localhost:80');
    expect(publicOrigin('::', 8080)).toBe('http://localhost:8080');
    expect(publicOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(publicOrigin('api.interno', 3001)).toBe('http://api.interno:3001');
  });

  it('is APP_URL when set, without a trailing slash, whatever the port', () => {
    expect(loadConfig({ PORT: '4123', APP_URL: 'https://ads.varejo.test/' }).appUrl).toBe('https://ads.varejo.test');
  });
});

describe('the ceilings of the public ad endpoints', () => {
  it('default to what real traffic needs: 1,000 a second per IP, 20,000 a second per publisher', () => {
    expect(loadConfig({}).publicRateLimit).toEqual({ ip: 1_000, publisher: 20_000, windowMs: 1_000 });
  });

  it('are read from PUBLIC_RATE_LIMIT_IP, PUBLIC_RATE_LIMIT_PUBLISHER and PUBLIC_RATE_LIMIT_WINDOW_SECONDS', () => {
    const config = loadConfig({ PUBLIC_RATE_LIMIT_IP: '50', PUBLIC_RATE_LIMIT_PUBLISHER: '900', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '10' });
    expect(config.publicRateLimit).toEqual({ ip: 50, publisher: 900, windowMs: 10_000 });
    expect(() => loadConfig({ PUBLIC_RATE_LIMIT_IP: '0' })).toThrow();
  });
});
