import type { MessagingAudienceType } from '@backoffice/contracts';
import { DEFAULT_END_HOUR, DEFAULT_START_HOUR, dateHourToIso, isoToDateHour } from '../../shared/ui/sao-paulo-time';
import type { CampaignBody, MessagingCampaign } from './api';

/** The form's fields: the API's start_at/end_at split into a date and an hour, the audience flattened. */
export interface CampaignFormValues {
  name: string;
  template_id: number | null;
  message: string;
  audience_type: MessagingAudienceType;
  tags: string[];
  customer_ids: number[];
  /** Phones typed or pasted: one per line, or separated by commas or semicolons. */
  phones: string;
  product_ids: number[];
  /** "Todas as lojas": sent as an empty `location_ids`. */
  all_locations: boolean;
  location_ids: number[];
  start_date: string;
  start_hour: string;
  end_date: string;
  end_hour: string;
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

export function emptyCampaignValues(): CampaignFormValues {
  return {
    name: '',
    template_id: null,
    message: '',
    audience_type: 'all',
    tags: [],
    customer_ids: [],
    phones: '',
    product_ids: [],
    all_locations: true,
    location_ids: [],
    start_date: '',
    start_hour: DEFAULT_START_HOUR,
    end_date: '',
    end_hour: DEFAULT_END_HOUR,
    media_url: null,
    media_type: null,
    media_name: null,
  };
}

/** Line breaks of any platform become "\n", trailing spaces of each line and blank ends go (spec §5). */
export const normalizeLineBreaks = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/** The phones of a pasted list: split on new lines, commas and semicolons, blanks and repeats dropped. */
export const splitPhones = (text: string): string[] => [...new Set(text.split(/[\n,;]+/).map((p) => p.trim()).filter(Boolean))];

/** A campaign (loaded, or the one being duplicated) as the form's values: São Paulo dates and hours. */
export function campaignToValues(campaign: MessagingCampaign): CampaignFormValues {
  const start = isoToDateHour(campaign.start_at);
  const end = isoToDateHour(campaign.end_at);
  return {
    name: campaign.name,
    template_id: campaign.template_id,
    message: campaign.message ?? '',
    audience_type: campaign.audience.type,
    tags: [...campaign.audience.tags],
    customer_ids: [...campaign.audience.customer_ids],
    phones: campaign.audience.phones.join('\n'),
    product_ids: [...campaign.audience.product_ids],
    all_locations: campaign.location_ids.length === 0,
    location_ids: [...campaign.location_ids],
    start_date: start.date,
    start_hour: start.hour,
    end_date: end.date,
    end_hour: end.hour,
    media_url: campaign.media_url,
    media_type: campaign.media_type,
    media_name: campaign.media_name,
  };
}

/**
 * The API body. Only the chosen audience's fields are sent (an audience switched from tags to a
 * list does not keep its tags); blank dates stay blank so the contract reports them; "all stores" is [].
 */
export function campaignValuesToBody(values: CampaignFormValues, draft: boolean): CampaignBody {
  const type = values.audience_type;
  const message = normalizeLineBreaks(values.message);
  return {
    name: values.name.trim(),
    template_id: values.template_id ?? 0,
    message: message === '' ? null : message,
    audience: {
      type,
      tags: type === 'tags' ? [...values.tags] : [],
      customer_ids: type === 'list' ? [...values.customer_ids] : [],
      phones: type === 'list' ? splitPhones(values.phones) : [],
      product_ids: type === 'product' ? [...values.product_ids] : [],
    },
    location_ids: values.all_locations && type !== 'stores' ? [] : [...values.location_ids],
    start_at: values.start_date ? dateHourToIso(values.start_date, values.start_hour, 'start') : '',
    end_at: values.end_date ? dateHourToIso(values.end_date, values.end_hour, 'end') : '',
    draft,
    media_url: values.media_url,
    media_type: values.media_type,
    media_name: values.media_name,
  };
}

/** Where a body error is shown in the form. */
export function bodyFieldToForm(path: string): keyof CampaignFormValues {
  const [head, sub] = path.split('.');
  if (head === 'audience') {
    if (sub === 'phones') return 'phones';
    if (sub === 'tags' || sub === 'customer_ids' || sub === 'product_ids') return sub;
    return 'audience_type';
  }
  if (head === 'start_at') return 'start_date';
  if (head === 'end_at') return 'end_date';
  if (head === 'media_type' || head === 'media_name') return 'media_url';
  return (head ?? path) as keyof CampaignFormValues;
}
