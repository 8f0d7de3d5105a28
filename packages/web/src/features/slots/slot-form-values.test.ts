import { describe, expect, it } from 'vitest';
import { validateSlotValues, valuesToSlotBody, type SlotFormValues } from './slot-form-values';

const values = (patch: Partial<SlotFormValues> = {}): SlotFormValues => ({ weekdays: ['1', '3'], start: '08:00:00', end: '10:00:00', capacity: 12, cutoff_minutes: 60, prior_notice_minutes: 0, ...patch });

describe('slot form values', () => {
  it('accepts a window and builds one body per weekday in HH:MM', () => {
    expect(validateSlotValues(values())).toEqual({});
    expect(valuesToSlotBody(values(), 3, { location_id: 7, mode: 'pickup', region_id: null })).toEqual({
      location_id: 7,
      mode: 'pickup',
      region_id: null,
      weekday: 3,
      start: '08:00',
      end: '10:00',
      capacity: 12,
      cutoff_minutes: 60,
      prior_notice_minutes: 0,
    });
  });

  it('names each wrong field: no weekday, missing times, an end before the start, no capacity', () => {
    expect(Object.keys(validateSlotValues(values({ weekdays: [], start: '', end: '' }))).sort()).toEqual(['end', 'start', 'weekdays']);
    expect(validateSlotValues(values({ start: '22:00', end: '02:00' }))).toHaveProperty('end');
    expect(validateSlotValues(values({ start: '10:00', end: '10:00' }))).toHaveProperty('end');
    expect(validateSlotValues(values({ capacity: '' }))).toHaveProperty('capacity');
    expect(validateSlotValues(values({ capacity: 0 }))).toHaveProperty('capacity');
    expect(validateSlotValues(values({ cutoff_minutes: -5 }))).toHaveProperty('cutoff_minutes');
  });
});
