import type { z } from 'zod';
import { normalizeLineBreaks, type CreateFlyerBody } from '@backoffice/contracts';
import { DEFAULT_END_HOUR, DEFAULT_START_HOUR, dateHourToIso, isoToDateHour } from '../../shared/ui/sao-paulo-time';


/** The form's fields: the API's start_at/end_at split into a date and an hour, and the stores choice. */
export interface FlyerFormValues {
  name: string;
  message: string;
  start_date: string;
  start_hour: string;
  end_date: string;
  end_hour: string;
  active: boolean;
  /** "Todas as lojas": sent as an empty `location_ids`. */
  all_locations: boolean;
  location_ids: number[];
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

/** The flyer fields the form is filled from (a loaded flyer, or the one being duplicated). */
export interface FlyerSource {
  name: string;
  message: string | null;
  start_at: string;
  end_at: string;
  active: boolean;
  location_ids: number[];
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

export type FlyerBody = z.input<typeof CreateFlyerBody>;

export function emptyFlyerValues(): FlyerFormValues {
  return {
    name: '',
    message: '',
    start_date: '',
    start_hour: DEFAULT_START_HOUR,
    end_date: '',
    end_hour: DEFAULT_END_HOUR,
    active: true,
    all_locations: true,
    location_ids: [],
    media_url: null,
    media_type: null,
    media_name: null,
  };
}

/** Line breaks of any platform become "\n", trailing spaces of each line and blank ends go. */
export const normalizeMessage = (message: string): string =>
  normalizeLineBreaks(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/** Spec §3/§5 load conversions: dates in YYYY-MM-DD, hours HH:mm, an empty store list is "all". */
export function flyerToValues(flyer: FlyerSource): FlyerFormValues {
  const start = isoToDateHour(flyer.start_at);
  const end = isoToDateHour(flyer.end_at);
  return {
    name: flyer.name,
    message: flyer.message ?? '',
    start_date: start.date,
    start_hour: start.hour,
    end_date: end.date,
    end_hour: end.hour,
    active: flyer.active,
    all_locations: flyer.location_ids.length === 0,
    location_ids: [...flyer.location_ids],
    media_url: flyer.media_url,
    media_type: flyer.media_type,
    media_name: flyer.media_name,
  };
}

/**
 * The API body from the form. Blank dates stay blank so the contract's schema reports them;
 * "all stores" is the empty list.
 */
export function valuesToBody(values: FlyerFormValues): FlyerBody {
  const message = normalizeMessage(values.message);
  return {
    name: values.name.trim(),
    message: message === '' ? null : message,
    start_at: values.start_date ? dateHourToIso(values.start_date, values.start_hour, 'start') : '',
    end_at: values.end_date ? dateHourToIso(values.end_date, values.end_hour, 'end') : '',
    active: values.active,
    location_ids: values.all_locations ? [] : [...values.location_ids],
    media_url: values.media_url,
    media_type: values.media_type,
    media_name: values.media_name,
  };
}

/** Where a body error is shown in the form. */
export const BODY_FIELD_TO_FORM: Record<string, keyof FlyerFormValues> = {
  start_at: 'start_date',
  end_at: 'end_date',
  media_type: 'media_url',
  media_name: 'media_url',
};

/** A date typed as DD/MM/YYYY (or already YYYY-MM-DD) as YYYY-MM-DD; null when it is no real day. */
export function parseBrDate(text: string): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [y, m, d] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const probe = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().startsWith(value) ? value : null;
}
