import { describe, expect, it } from 'vitest';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { flyerStatus, toPromotionStatus } from './flyer-status.ts';
import { sanitizeFileName, sniffMediaType } from './flyer-media.ts';

// São Paulo is UTC-3: the flyer runs from 00:00 of the 20th to 23:59:59.999 of the 22nd there.
const flyer = (active: boolean, disabledAt: string | null = null) => ({
  active,
  disabledAt: disabledAt ? new Date(disabledAt) : null,
  startAt: startOfBusinessDay('2026-11-20'),
  endAt: endOfBusinessDay('2026-11-22'),
});

describe('flyerStatus (spec §4, São Paulo days)', () => {
  it.each([
    [true, null, '2026-11-20T02:59:59.999Z', 'scheduled'], // last moment before the start day
    [true, null, '2026-11-20T03:00:00.000Z', 'active'], // first second of the start day
    [true, null, '2026-11-23T02:59:59.999Z', 'active'], // last second of the end day
    [true, null, '2026-11-23T03:00:00.000Z', 'finished'], // the next day
    [false, '2026-11-19T12:00:00Z', '2026-11-20T02:59:59.999Z', 'pause'],
    [false, '2026-11-21T12:00:00Z', '2026-11-20T03:00:00.000Z', 'pause'],
    [false, '2026-11-21T12:00:00Z', '2026-11-23T02:59:59.999Z', 'pause'],
    [false, '2026-11-21T12:00:00Z', '2026-11-23T03:00:00.000Z', 'canceled'],
  ] as const)('active=%s disabled_at=%s at %s is %s', (active, disabledAt, now, status) => {
    expect(flyerStatus(flyer(active, disabledAt), new Date(now))).toBe(status);
  });

  it('names the paused state as flyers do, and maps it back for the shared rules', () => {
    expect(toPromotionStatus('pause')).toBe('paused');
    expect(toPromotionStatus('finished')).toBe('finished');
  });
});

describe('sniffMediaType', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0], '0000000000000000'), 'image/jpeg'],
    [bytes([0x89], 'PNG\r\n\x1a\n', '00000000'), 'image/png'],
    [bytes('GIF89a', '0000000000'), 'image/gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [bytes('%PDF-1.7\n', '0000000'), 'application/pdf'],
    [bytes([0, 0, 0, 0x20], 'ftypisom', '0000'), 'video/mp4'],
    [bytes([0, 0, 0, 0x20], 'ftypqt  ', '0000'), null], // QuickTime, not MP4
    [bytes([0, 0, 0, 0x20], 'ftypheic', '0000'), null], // HEIF image
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    [bytes('just text, named .png'), null],
    [bytes([0x89, 0x50]), null],
  ])('recognises %#', (head, type) => {
    expect(sniffMediaType(head)).toBe(type);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['Encarte Semanal.png', 'Encarte Semanal.png'],
    ['C:\\fotos\\oferta.jpg', 'oferta.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\u202e<c>.png', 'abc.png'],
    ['...', 'arquivo.png'],
    ['', 'arquivo.png'],
  ])('%j becomes %j', (name, clean) => {
    expect(sanitizeFileName(name, 'png')).toBe(clean);
  });
});
