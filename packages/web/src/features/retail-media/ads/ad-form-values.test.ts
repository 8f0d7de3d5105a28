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
    expect(toCreateAdBody(values, 7)).toEqual({ ad_type: 'banner', media_url: '/uploads/2/b.png', alt_text: 'Café', ad_size_id: 3, destination_url: null, campaign_id: 7 });
    const signage = { ...emptyAdValues('digital_signage'), media_url: '/uploads/2/v.mp4', media_type: 'video/mp4' };
    expect(toCreateAdBody(signage, 7)).toEqual({ ad_type: 'digital_signage', media_url: '/uploads/2/v.mp4', media_type: 'video', campaign_id: 7 });
  });

  it('validates with the contracts schema: a banner needs its size, image and alt text; brand assets need a dimension', () => {
    expect(validateAdForm(emptyAdValues('banner'))).toEqual({ media_url: 'Campo obrigatório.', alt_text: 'Campo obrigatório.', ad_size_id: 'Campo obrigatório.' });
    const brand = { ...emptyAdValues('sponsored_brand'), headline: 'Novo blend', description: 'Torra média', brand_name: 'Aurora', brand_url: 'https://aurora.test', assets: [{ dimension: '1200', url: '/uploads/2/a.png' }] };
    expect(validateAdForm(brand)).toEqual({ 'assets.0.dimension': 'Use largura x altura em pixels, ex.: 1200x300.' });
    expect(validateAdForm({ ...brand, assets: [{ dimension: '1200x300', url: '/uploads/2/a.png' }] })).toEqual({});
  });

  it('reads a saved ad back into the form (edit)', () => {
    expect(adToFormValues(banner(4, 'rejected'))).toMatchObject({ ad_type: 'banner', ad_size_id: '3', alt_text: 'Banner 4 do Café Aurora', media_url: '/uploads/2/banner-4.png' });
  });
});

describe('checkAdMediaFile (mirrors the API before sending)', () => {
  it('takes images up to 10 MB for every type, MP4 up to 50 MB only for digital signage', () => {
    expect(checkAdMediaFile({ type: 'image/png', size: 10 * MB }, 'banner')).toBeNull();
    expect(checkAdMediaFile({ type: 'video/mp4', size: 50 * MB }, 'digital_signage')).toBeNull();
    expect(checkAdMediaFile({ type: 'video/mp4', size: MB }, 'banner')).toBe('Tipo de arquivo não aceito. Envie JPG, PNG, WEBP ou GIF.');
    expect(checkAdMediaFile({ type: 'application/pdf', size: MB }, 'digital_signage')).toBe('Tipo de arquivo não aceito. Envie JPG, PNG, WEBP, GIF ou MP4.');
    expect(checkAdMediaFile({ type: 'image/jpeg', size: 12.5 * MB }, 'sponsored_brand')).toBe('O arquivo tem 12,5 MB; o limite para este tipo é 10 MB.');
  });
});
