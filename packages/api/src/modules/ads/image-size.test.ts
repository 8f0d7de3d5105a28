import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';
import { png } from './ads.fixtures.ts';

const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];

describe('imageSize', () => {
  it('reads PNG and GIF headers', () => {
    expect(imageSize('image/png', png(1200, 300))).toEqual({ width: 1200, height: 300 });
    const gif = Buffer.from([...Buffer.from('GIF89a'), ...u16le(728), ...u16le(90), 0, 0, 0]);
    expect(imageSize('image/gif', gif)).toEqual({ width: 728, height: 90 });
  });

  it('walks JPEG segments to the frame header', () => {
    const app0 = [0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof2 = [0xff, 0xc2, ...u16be(17), 8, ...u16be(250), ...u16be(300), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    const jpeg = Buffer.from([0xff, 0xd8, ...app0, 0xff, 0xc4, ...u16be(4), 0, 0, ...sof2]);
    expect(imageSize('image/jpeg', jpeg)).toEqual({ width: 300, height: 250 });
    expect(imageSize('image/jpeg', Buffer.from([0xff, 0xd8, ...app0]))).toBeNull();
  });

  it('reads the three WebP flavours', () => {
    const riff = (chunk: string, body: number[]) => Buffer.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), 0, 0, 0, 0, ...body, ...Array(16).fill(0)]);
    expect(imageSize('image/webp', riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(640), ...u16le(480)]))).toEqual({ width: 640, height: 480 });
    const bits = (640 - 1) | ((480 - 1) << 14);
    expect(imageSize('image/webp', riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]))).toEqual({ width: 640, height: 480 });
    expect(imageSize('image/webp', riff('VP8X', [0, 0, 0, 0, 0x7f, 0x02, 0, 0xdf, 0x01, 0]))).toEqual({ width: 640, height: 480 });
  });

  it('gives null for what it cannot read', () => {
    expect(imageSize('video/mp4', Buffer.alloc(32))).toBeNull();
    expect(imageSize('image/png', Buffer.alloc(8))).toBeNull();
  });
});
