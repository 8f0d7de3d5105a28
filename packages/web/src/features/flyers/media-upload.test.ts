import { describe, expect, it } from 'vitest';
import { checkMediaFile, mediaKind } from './media-upload';

const MB = 1024 * 1024;

describe('checkMediaFile (mirrors the API before sending)', () => {
  it('accepts images and PDF up to 10 MB and MP4 up to 50 MB', () => {
    expect(checkMediaFile({ type: 'image/png', size: 10 * MB })).toBeNull();
    expect(checkMediaFile({ type: 'application/pdf', size: 2 * MB })).toBeNull();
    expect(checkMediaFile({ type: 'video/mp4', size: 50 * MB })).toBeNull();
  });

  it('refuses other types and files over their limit, in pt-BR', () => {
    expect(checkMediaFile({ type: 'image/svg+xml', size: 1000 })).toBe('Tipo de arquivo não aceito. Envie JPG, PNG, WEBP, GIF, PDF ou MP4.');
    expect(checkMediaFile({ type: 'image/jpeg', size: 12.5 * MB })).toBe('O arquivo tem 12,5 MB; o limite para este tipo é 10 MB.');
    expect(checkMediaFile({ type: 'video/mp4', size: 51 * MB })).toBe('O arquivo tem 51 MB; o limite para este tipo é 50 MB.');
  });
});

describe('mediaKind (how a media is previewed)', () => {
  it('maps types, and falls back to the extension when the type is unknown', () => {
    expect(mediaKind('image/svg+xml')).toBe('image');
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('application/pdf')).toBe('pdf');
    expect(mediaKind(null, '/uploads/1/encarte.pdf')).toBe('pdf');
    expect(mediaKind(null, null)).toBeNull();
  });
});
