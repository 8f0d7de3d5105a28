import { describe, expect, it } from 'vitest';
// The app sets zod's pt-BR messages there, as the forms see them.
import '../../../i18n';
import { checkAdMediaFile } from './ad-media-upload';
import { adToFormValues, emptyAdValues, toCreateAdBody, validateAdForm } from './ad-form-values';
import { banner } from './test-fixtures';

const MB = 1024 * 1024;

describe('ad form values', () => {
  it('sends only the creative of the ad type, with the campaign on create', () => {
    const values = { ...emptyAdValues('banner'), media_url: '/uploads/2/b.png', media_type: 'image/png', alt_text: 'Café', ad_size_id: '3', destination_url: ' ', headline: 'ignored' };
    expect(toCreateAdBody(values, 7)).toEqual({
      ad_type: 'banner', media_type: 'image', media_url: '/uploads/2/b.png', alt_text: 'Café', ad_size_id: 3, destination_url: null, brand_name: null, campaign_id: 7,
    });
    const video = { ...values, banner_kind: 'video' as const, media_url: '/uploads/2/b.mp4', media_type: 'video/mp4', brand_name: ' Café Aurora ' };
    expect(toCreateAdBody(video, 7)).toMatchObject({ ad_type: 'banner', media_type: 'video', media_url: '/uploads/2/b.mp4', brand_name: 'Café Aurora' });
    const signage = { ...emptyAdValues('digital_signage'), media_url: '/uploads/2/v.mp4', media_type: 'video/mp4', duration: 30 as const };
    expect(toCreateAdBody(signage, 7)).toEqual({ ad_type: 'digital_signage', media_url: '/uploads/2/v.mp4', media_type: 'video', duration: 30, campaign_id: 7 });
    const still = { ...emptyAdValues('digital_signage'), media_url: '/uploads/2/i.png', media_type: 'image/png' };
    expect(toCreateAdBody(still, 7)).toEqual({ ad_type: 'digital_signage', media_url: '/uploads/2/i.png', media_type: 'image', campaign_id: 7 });
  });

  it('asks a signage video for its duration, and a video brand asset for a video frame, in pt-BR', () => {
    const signage = { ...emptyAdValues('digital_signage'), media_url: '/uploads/2/v.mp4', media_type: 'video/mp4' };
    expect(validateAdForm(signage)).toEqual({ duration: 'Informe a duração do vídeo em segundos (1 a 600).' });
    expect(validateAdForm({ ...signage, duration: 601 })).toEqual({ duration: expect.stringMatching(/600/) });
    expect(validateAdForm({ ...signage, media_url: '/uploads/2/i.png', media_type: 'image/png' })).toEqual({});
    const brand = {
      ...emptyAdValues('sponsored_brand'), headline: 'Novo blend', description: 'Torra média', brand_name: 'Aurora', brand_url: 'https://aurora.test',
      assets: [{ dimension: '1200x300', url: '/uploads/2/a.mp4', type: 'video' as const }],
    };
    expect(validateAdForm(brand)).toEqual({ 'assets.0.dimension': 'Um vídeo deve ter um destes tamanhos: 1920x1080, 1280x720, 854x480, 640x360, 568x320.' });
    expect(validateAdForm({ ...brand, assets: [{ ...brand.assets[0]!, dimension: '1280x720' }] })).toEqual({});
    expect(validateAdForm({ ...brand, assets: [{ ...brand.assets[0]!, dimension: '' }] })).toEqual({ 'assets.0.dimension': 'Campo obrigatório.' });
  });

  it('validates with the contracts schema: a banner needs its size, image and alt text; brand assets need a dimension', () => {
    expect(validateAdForm(emptyAdValues('banner'))).toEqual({ media_url: 'Campo obrigatório.', alt_text: 'Campo obrigatório.', ad_size_id: 'Campo obrigatório.' });
    const brand = { ...emptyAdValues('sponsored_brand'), headline: 'Novo blend', description: 'Torra média', brand_name: 'Aurora', brand_url: 'https://aurora.test', assets: [{ dimension: '1200', url: '/uploads/2/a.png', type: 'image' as const }] };
    expect(validateAdForm(brand)).toEqual({ 'assets.0.dimension': 'Use largura x altura em pixels, ex.: 1200x300.' });
    expect(validateAdForm({ ...brand, assets: [{ dimension: '1200x300', url: '/uploads/2/a.png', type: 'image' as const }] })).toEqual({});
  });

  it('reads a saved ad back into the form (edit)', () => {
    expect(adToFormValues(banner(4, 'rejected'))).toMatchObject({ ad_type: 'banner', ad_size_id: '3', alt_text: 'Banner 4 do Café Aurora', media_url: '/uploads/2/banner-4.png' });
  });
});

describe('checkAdMediaFile (mirrors the API before sending)', () => {
  it('takes images up to 10 MB, MP4 up to 50 MB where a video is asked for, either for digital signage', () => {
    expect(checkAdMediaFile({ type: 'image/png', size: 10 * MB }, 'image')).toBeNull();
    expect(checkAdMediaFile({ type: 'video/mp4', size: 50 * MB }, 'any')).toBeNull();
    expect(checkAdMediaFile({ type: 'video/mp4', size: 50 * MB }, 'video')).toBeNull();
    expect(checkAdMediaFile({ type: 'video/mp4', size: MB }, 'image')).toBe('Tipo de arquivo não aceito. Envie JPG, PNG, WEBP ou GIF.');
    expect(checkAdMediaFile({ type: 'image/png', size: MB }, 'video')).toBe('Tipo de arquivo não aceito. Envie um vídeo MP4.');
    expect(checkAdMediaFile({ type: 'application/pdf', size: MB }, 'any')).toBe('Tipo de arquivo não aceito. Envie JPG, PNG, WEBP, GIF ou MP4.');
    expect(checkAdMediaFile({ type: 'image/jpeg', size: 12.5 * MB }, 'image')).toBe('O arquivo tem 12,5 MB; o limite para este tipo é 10 MB.');
  });
});
