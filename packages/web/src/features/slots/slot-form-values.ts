import { schemaResolver } from '@mantine/form';
import { CreateSlotBody, UpdateSlotBody } from '@backoffice/contracts';
import type { Slot, SlotBody, SlotUpdate } from './api';
import { hhmmToMinutes, toHhmm } from './schedule';
import { t } from '../../i18n';

/** The add-window form: several weekdays at once (chip values "0".."6"), one window. */
export interface SlotFormValues {
  weekdays: string[];
  start: string;
  end: string;
  capacity: number | string;
  cutoff_minutes: number | string;
  prior_notice_minutes: number | string;
}

const whole = (value: number | string) => (value === '' ? NaN : Number(value));

const checkBody = schemaResolver(CreateSlotBody, { sync: true });
// Any store id will do for checking the window's own fields.
const PROBE_SCOPE = { location_id: 1, mode: 'delivery', region_id: null } as const;

/** The contract's rules on one weekday's body, reported at the form's fields, plus the form-only ones. */
export function validateSlotValues(values: SlotFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.weekdays.length === 0) errors.weekdays = t('slots.form.weekdaysRequired');
  if (hhmmToMinutes(values.start) === null) errors.start = t('slots.form.timeRequired');
  if (hhmmToMinutes(values.end) === null) errors.end = t('slots.form.timeRequired');
  if (!Number.isInteger(whole(values.capacity))) errors.capacity = t('slots.form.capacityRequired');
  for (const field of ['cutoff_minutes', 'prior_notice_minutes'] as const) {
    if (!Number.isInteger(whole(values[field]))) errors[field] = t('slots.form.minutesInvalid');
  }
  for (const [path, message] of Object.entries(checkBody(valuesToSlotBody(values, 0, PROBE_SCOPE)))) errors[path.split('.')[0] ?? path] ??= String(message);
  return errors;
}

/** One weekday's POST body. */
export function valuesToSlotBody(values: SlotFormValues, weekday: number, scope: Pick<SlotBody, 'location_id' | 'mode' | 'region_id'>): SlotBody {
  return {
    ...scope,
    weekday,
    start: toHhmm(values.start),
    end: toHhmm(values.end),
    capacity: Number(values.capacity),
    cutoff_minutes: Number(values.cutoff_minutes),
    prior_notice_minutes: Number(values.prior_notice_minutes),
  };
}

const MIDNIGHT = '24:00';

/** The edit-window form: one window's times, rules and whether it takes bookings. */
export interface SlotEditValues {
  start: string;
  end: string;
  capacity: number | string;
  cutoff_minutes: number | string;
  prior_notice_minutes: number | string;
  active: boolean;
  /** The window ends at midnight ("24:00", which the time picker cannot show): the end field is then unused. */
  until_midnight: boolean;
}

/** The form's values from a window as the grid has it. */
export const slotToEditValues = (slot: Slot): SlotEditValues => ({
  start: slot.start,
  end: slot.end === MIDNIGHT ? '' : slot.end,
  capacity: slot.capacity,
  cutoff_minutes: slot.cutoff_minutes,
  prior_notice_minutes: slot.prior_notice_minutes,
  active: slot.active,
  until_midnight: slot.end === MIDNIGHT,
});

/** The PUT body. */
export function editValuesToBody(values: SlotEditValues): SlotUpdate {
  return {
    start: toHhmm(values.start),
    end: values.until_midnight ? MIDNIGHT : toHhmm(values.end),
    capacity: Number(values.capacity),
    cutoff_minutes: Number(values.cutoff_minutes),
    prior_notice_minutes: Number(values.prior_notice_minutes),
    active: values.active,
  };
}

const checkUpdate = schemaResolver(UpdateSlotBody, { sync: true });

/** The contract's rules on the PUT body, at the form's fields, plus the form-only ones (a time and numbers given). */
export function validateSlotEditValues(values: SlotEditValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (hhmmToMinutes(values.start) === null) errors.start = t('slots.form.timeRequired');
  if (!values.until_midnight && hhmmToMinutes(values.end) === null) errors.end = t('slots.form.timeRequired');
  if (!Number.isInteger(whole(values.capacity))) errors.capacity = t('slots.form.capacityRequired');
  for (const field of ['cutoff_minutes', 'prior_notice_minutes'] as const) {
    if (!Number.isInteger(whole(values[field]))) errors[field] = t('slots.form.minutesInvalid');
  }
  for (const [path, message] of Object.entries(checkUpdate(editValuesToBody(values)))) errors[path.split('.')[0] ?? path] ??= String(message);
  return errors;
}
