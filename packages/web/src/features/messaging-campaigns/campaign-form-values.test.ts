import { describe, expect, it } from 'vitest';
import { bodyFieldToForm, campaignToValues, campaignValuesToBody, emptyCampaignValues, normalizeLineBreaks, splitPhones } from './campaign-form-values';
import type { MessagingCampaign } from './api';

const campaign: MessagingCampaign = {
  id: 7,
  name: 'Churrasco de sábado',
  status: 'scheduled',
  template_id: 3,
  template: { id: 3, name: 'ofertas_churrasco', status: 'approved', message: 'Olá, {{nome}}!', buttons: ['Quero aproveitar'] },
  message: 'Público VIP',
  audience: { type: 'tags', tags: ['vip', 'churrasco'], customer_ids: [], phones: [], product_ids: [] },
  location_ids: [2],
  start_at: '2026-11-28T03:00:00.000Z',
  end_at: '2026-11-29T02:59:59.999Z',
  media_url: '/uploads/messaging/picanha.png',
  media_type: 'image/png',
  media_name: 'picanha.png',
  counts: { recipients: 0, sent: 0, delivered: 0, read: 0, replied: 0, opted_out: 0, failed: 0, pending: 0 },
  started_at: null,
  finished_at: null,
  canceled_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

describe('campaign form values', () => {
  it('starts with the default hours 00:00 to 23:59, all customers and all stores', () => {
    const v = emptyCampaignValues();
    expect([v.start_hour, v.end_hour, v.audience_type, v.all_locations]).toEqual(['00:00', '23:59', 'all', true]);
  });

  it('sends São Paulo times, the default hours covering whole days, and only the chosen audience', () => {
    const values = { ...emptyCampaignValues(), name: ' Ofertas ', template_id: 3, start_date: '2026-11-28', end_date: '2026-11-30', audience_type: 'list' as const, tags: ['vip'], customer_ids: [4], phones: '(11) 98765-4321\r\n11 91234-5678; (11) 98765-4321,' };
    expect(campaignValuesToBody(values, false)).toEqual({
      name: 'Ofertas',
      template_id: 3,
      message: null,
      audience: { type: 'list', tags: [], customer_ids: [4], phones: ['(11) 98765-4321', '11 91234-5678'], product_ids: [] },
      location_ids: [],
      start_at: '2026-11-28T00:00:00-03:00',
      end_at: '2026-11-30T23:59:59-03:00',
      draft: false,
      media_url: null,
      media_type: null,
      media_name: null,
    });
  });

  it('normalises the note’s line breaks (spec §5)', () => {
    expect(normalizeLineBreaks('  Linha 1  \r\nLinha 2\rLinha 3\n\n')).toBe('Linha 1\nLinha 2\nLinha 3');
    const body = campaignValuesToBody({ ...emptyCampaignValues(), message: 'a\r\nb  \r\n' }, true);
    expect([body.message, body.draft]).toEqual(['a\nb', true]);
  });

  it('an audience by stores sends its stores even with "all stores" left on', () => {
    const body = campaignValuesToBody({ ...emptyCampaignValues(), audience_type: 'stores', location_ids: [2, 5] }, false);
    expect(body.location_ids).toEqual([2, 5]);
  });

  it('reads a campaign back: dates and hours in São Paulo, phones one a line, its media', () => {
    const v = campaignToValues({ ...campaign, audience: { ...campaign.audience, type: 'list', phones: ['+5511987654321', '+5511912345678'] } });
    expect([v.start_date, v.start_hour, v.end_date, v.end_hour]).toEqual(['2026-11-28', '00:00', '2026-11-28', '23:59']);
    expect(v.phones).toBe('+5511987654321\n+5511912345678');
    expect([v.all_locations, v.location_ids, v.media_name, v.message]).toEqual([false, [2], 'picanha.png', 'Público VIP']);
  });

  it('splits pasted phones and places the API’s errors at the form’s fields', () => {
    expect(splitPhones('a\n\nb;c , a')).toEqual(['a', 'b', 'c']);
    expect(['audience.phones.1', 'audience.tags', 'audience', 'end_at', 'media_type', 'name'].map(bodyFieldToForm)).toEqual(['phones', 'tags', 'audience_type', 'end_date', 'media_url', 'name']);
  });
});
