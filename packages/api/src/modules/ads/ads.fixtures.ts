import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

export const DAY = 86_400_000;

/** The leading bytes of a PNG of the given size (enough to sniff and to read the size). */
export function png(width: number, height: number, extra = 0): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(extra)]);
}

export const MP4 = (extra = 64) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(extra)]);

export interface AdsFixture {
  t: TestApp;
  uploadsRoot: string;
  ids: { bomPreco: number; aurora: number; rede: number };
  tokens: { admin: string; operator: string; brand: string; partner: string };
  users: { admin: number; brand: number; partner: number };
  /** Ad sizes: 300x250 and the 1280x720 video frame on Bom Preço, 728x90 on Rede Parceira. */
  sizes: { bomPreco: number; video: number; rede: number };
  /** SKUs in Bom Preço's catalog. */
  skus: { cafe: string; filtro: string };
  campaign(data: Pick<Prisma.CampaignUncheckedCreateInput, 'publisherId' | 'advertiserId' | 'adType'> & Partial<Prisma.CampaignUncheckedCreateInput>): Promise<number>;
  ad(campaignId: number, data?: Partial<Prisma.AdUncheckedCreateInput>): Promise<number>;
  upload(file: Buffer, filename: string, token: string, fields?: Record<string, string>, field?: string): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
  filesUnder(root: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A test app with the demo accounts, Bom Preço's catalog SKUs and an ad size per publisher. */
export async function adsFixture(): Promise<AdsFixture> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ads-test-'));
  const t = await createTestApp({ dataDir });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  const ids = { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') };
  const userOf = async (email: string) => (await t.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const tokens = {
    admin: await t.login(DEMO.admin),
    operator: await t.login(DEMO.operator),
    brand: await t.login(DEMO.brand),
    partner: await t.login(DEMO.partner),
  };
  const users = { admin: await userOf(DEMO.admin), brand: await userOf(DEMO.brand), partner: await userOf(DEMO.partner) };
  const size = async (publisherId: number, name: string, width: number, height: number) =>
    (await t.db.adSize.create({ data: { publisherId, name, width, height }, select: { id: true } })).id;
  const sizes = {
    bomPreco: await size(ids.bomPreco, 'Teste anúncios 300x250', 300, 250),
    video: await size(ids.bomPreco, 'Teste vídeo 720p', 1280, 720),
    rede: await size(ids.rede, 'Teste anúncios 728x90', 728, 90),
  };
  const skus = { cafe: 'ADS-TESTE-CAFE-500G', filtro: 'ADS-TESTE-FILTRO-103' };
  await t.db.product.createMany({
    data: [
      { accountId: ids.bomPreco, sku: skus.cafe, name: 'Café Aurora Tradicional 500 g', priceCents: 1899n, imageUrl: '/brand/cafe.png' },
      { accountId: ids.bomPreco, sku: skus.filtro, name: 'Filtro de Papel 103', priceCents: 599n },
    ],
  });
  let seq = 0;
  const boundary = '----ads-test-boundary';

  return {
    t,
    uploadsRoot: join(dataDir, 'uploads'),
    ids,
    tokens,
    users,
    sizes,
    skus,
    async campaign(data) {
      const row = await t.db.campaign.create({
        data: { name: `Campanha de teste ${++seq}`, dailyBudgetCents: 10_000n, startAt: new Date(Date.now() - DAY), ...data },
        select: { id: true, adType: true },
      });
      return row.id;
    },
    async ad(campaignId, data = {}) {
      const c = await t.db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { adType: true } });
      const row = await t.db.ad.create({ data: { campaignId, adType: c.adType, ...data }, select: { id: true } });
      return row.id;
    },
    async upload(file, filename, token, fields = {}, field = 'file') {
      const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      const payload = Buffer.concat([
        ...parts,
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/ad/media',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    },
    async filesUnder(root) {
      const names: string[] = [];
      for (const dir of await readdir(root).catch(() => [] as string[])) {
        for (const f of await readdir(join(root, dir)).catch(() => [] as string[])) names.push(`${dir}/${f}`);
      }
      return names.sort();
    },
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
