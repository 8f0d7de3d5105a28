import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectEnvelope } from '../../../test/helpers.ts';
import { adsFixture, MP4, png, type AdsFixture } from './ads.fixtures.ts';

let f: AdsFixture;

beforeAll(async () => {
  f = await adsFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('POST /ad/media', () => {
  it('stores an image and answers its address, type, pixel size and bytes', async () => {
    const file = png(300, 250, 100);
    const res = await f.upload(file, 'banner.png', f.tokens.brand);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media).toEqual({ url: expect.stringMatching(new RegExp(`^/uploads/${f.ids.aurora}/[0-9a-f-]{36}\\.png$`)), media_type: 'image/png', width: 300, height: 250, size: file.length });
    expect((await readFile(join(f.uploadsRoot, media.url.slice('/uploads/'.length)))).equals(file)).toBe(true);
  });

  it('checks the image against the banner size asked and names the expected size in pt-BR', async () => {
    const ok = await f.upload(png(300, 250), 'ok.png', f.tokens.brand, { ad_size_id: String(f.sizes.bomPreco), ad_type: 'banner' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ width: 300, height: 250 });

    const before = await f.filesUnder(f.uploadsRoot);
    const wrong = await f.upload(png(320, 50), 'errado.png', f.tokens.brand, { ad_size_id: String(f.sizes.bomPreco) });
    expect(wrong.statusCode).toBe(422);
    expect(expectEnvelope(wrong.json(), 'AD_MEDIA_DIMENSIONS_MISMATCH').message).toBe(
      'A imagem deve ter 300x250 pixels (formato Teste anúncios 300x250); a enviada tem 320x50.',
    );
    expect(await f.filesUnder(f.uploadsRoot)).toEqual(before);
  });

  it('takes only sizes of inventories the caller advertises on or runs', async () => {
    const res = await f.upload(png(728, 90), 'rede.png', f.tokens.admin, { ad_size_id: String(f.sizes.rede) });
    expect(res.statusCode).toBe(422);
    expectEnvelope(res.json(), 'AD_SIZE_INVALID');
    const mine = await f.upload(png(728, 90), 'rede.png', f.tokens.brand, { ad_size_id: String(f.sizes.rede) });
    expect(mine.statusCode, mine.body).toBe(201);
    const bad = await f.upload(png(728, 90), 'rede.png', f.tokens.brand, { ad_size_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(expectEnvelope(bad.json(), 'VALIDATION_ERROR').details?.[0]?.field).toBe('ad_size_id');
  });

  it('takes the type from the content: a .png that is really text is a 400 naming "file"', async () => {
    const res = await f.upload(Buffer.from('<html><script>alert(1)</script></html>'), 'oferta.png', f.tokens.brand);
    expect(res.statusCode).toBe(400);
    const error = expectEnvelope(res.json(), 'VALIDATION_ERROR');
    expect(error.message).toBe('Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF, ou um vídeo MP4.');
    expect(error.details?.[0]?.field).toBe('file');
    const pdf = await f.upload(Buffer.from('%PDF-1.7 fake'), 'a.pdf', f.tokens.brand);
    expect(pdf.statusCode).toBe(400);
  });

  it('accepts MP4 for banners, sponsored brands and digital signage, not for product ads', async () => {
    for (const adType of ['digital_signage', 'banner', 'sponsored_brand']) {
      const video = await f.upload(MP4(), 'tv.mp4', f.tokens.brand, { ad_type: adType });
      expect(video.statusCode, video.body).toBe(201);
      expect(video.json()).toMatchObject({ media_type: 'video/mp4', width: null, height: null });
    }
    const product = await f.upload(MP4(), 'tv.mp4', f.tokens.brand, { ad_type: 'product' });
    expect(product.statusCode).toBe(400);
    expect(expectEnvelope(product.json(), 'VALIDATION_ERROR').message).toBe('Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF.');
  });

  it('takes a video on a video banner size, and only images of the exact size on another', async () => {
    const video = await f.upload(MP4(), '720p.mp4', f.tokens.brand, { ad_size_id: String(f.sizes.video), ad_type: 'banner' });
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ media_type: 'video/mp4' });
    const still = await f.upload(png(1280, 720), '720p.png', f.tokens.brand, { ad_size_id: String(f.sizes.video), ad_type: 'banner' });
    expect(still.statusCode, still.body).toBe(201);

    const before = await f.filesUnder(f.uploadsRoot);
    const wrong = await f.upload(MP4(), 'retangulo.mp4', f.tokens.brand, { ad_size_id: String(f.sizes.bomPreco), ad_type: 'banner' });
    expect(wrong.statusCode).toBe(400);
    const error = expectEnvelope(wrong.json(), 'VALIDATION_ERROR');
    expect(error.message).toBe('O formato Teste anúncios 300x250 (300x250) não é de vídeo: envie uma imagem JPEG, PNG, WebP ou GIF com esse tamanho.');
    expect(error.details?.[0]?.field).toBe('file');
    expect(await f.filesUnder(f.uploadsRoot)).toEqual(before);
  });

  it('answers 413 in pt-BR for an image over 10 MB, and keeps nothing', async () => {
    const before = await f.filesUnder(f.uploadsRoot);
    const res = await f.upload(png(300, 250, 10 * 1024 * 1024), 'grande.png', f.tokens.brand);
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res.json(), 'MEDIA_TOO_LARGE').message).toBe('O arquivo é grande demais: o limite para imagens é 10 MB.');
    expect(await f.filesUnder(f.uploadsRoot)).toEqual(before);
  });

  it('answers 400 naming "file" without a file, and 403 to an operator', async () => {
    const wrong = await f.upload(png(1, 1), 'a.png', f.tokens.brand, {}, 'imagem');
    expect(wrong.statusCode).toBe(400);
    expect(expectEnvelope(wrong.json(), 'VALIDATION_ERROR').details?.[0]?.field).toBe('file');
    const operator = await f.t.http.post('/ad/media').set(bearer(f.tokens.operator)).attach('file', png(1, 1), 'a.png');
    expect(operator.status).toBe(403);
  });
});
