import { describe, expect, it } from 'vitest';
import { fastPathServer } from '../../test/fast-path-server.ts';
import { byPrefix, type FastPath } from './fast-path.ts';

describe('byPrefix', () => {
  it('sends a request to the fast path of its prefix, else to the app, and everything to the app while closing', async () => {
    let closing = false;
    const answering = (status: number): FastPath => (_req, res) => res.writeHead(status).end();
    const { http, close } = await fastPathServer(byPrefix({ '/v1/a/': answering(201), '/v1/b/': answering(202) }, { closing: () => closing }));
    try {
      expect((await http.get('/v1/a/1')).status).toBe(201);
      expect((await http.post('/v1/b/x?y=1')).status).toBe(202);
      expect((await http.get('/v1/c/1')).status).toBe(298);
      expect((await http.get('/v1/a')).status).toBe(298);
      // Closing: the app answers (its 503), even on a fast path's prefix.
      closing = true;
      expect((await http.get('/v1/a/1')).status).toBe(298);
      expect((await http.post('/v1/b/x')).status).toBe(298);
    } finally {
      await close();
    }
  });
});
