/** Leading bytes kept to find an image's size: JPEG frames may follow large EXIF/ICC segments. */
export const IMAGE_HEAD_BYTES = 256 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

function png(b: Buffer): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageSize | null {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): ImageSize | null {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2; // standalone marker, no length
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    i += 2 + length;
  }
  return null;
}

/** An image's pixel size from its leading bytes (PNG, JPEG, GIF, WebP); null when it cannot be read from them. */
export function imageSize(type: string, head: Buffer): ImageSize | null {
  switch (type) {
    case 'image/png':
      return png(head);
    case 'image/gif':
      return gif(head);
    case 'image/webp':
      return webp(head);
    case 'image/jpeg':
      return jpeg(head);
    default:
      return null;
  }
}
