import { describe, expect, it } from 'vitest';
import { editValuesToBody, slotToEditValues, validateSlotEditValues, validateSlotValues, valuesToSlotBody, type SlotFormValues } from './slot-form-values';
import type { Slot } from './api';

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

  describe('editing a window', () => {
    const slot: Slot = { id: 3, location_id: 7, region_id: null, mode: 'pickup', weekday: 2, start: '18:00', end: '24:00', capacity: 4, cutoff_minutes: 30, prior_notice_minutes: 0, active: false, created_at: '2026-11-01T12:00:00.000Z' };

    it('prefills from the window (midnight as its own choice) and builds the PUT body back', () => {
      const values = slotToEditValues(slot);
      expect(values).toEqual({ start: '18:00', end: '', capacity: 4, cutoff_minutes: 30, prior_notice_minutes: 0, active: false, until_midnight: true });
      expect(validateSlotEditValues(values)).toEqual({});
      expect(editValuesToBody(values)).toEqual({ start: '18:00', end: '24:00', capacity: 4, cutoff_minutes: 30, prior_notice_minutes: 0, active: false });
      expect(editValuesToBody({ ...values, until_midnight: false, end: '20:30:00', active: true })).toMatchObject({ end: '20:30', active: true });
    });

    it('names each wrong field before sending', () => {
      const values = slotToEditValues({ ...slot, end: '20:00' });
      expect(validateSlotEditValues({ ...values, end: '' })).toHaveProperty('end');
      expect(validateSlotEditValues({ ...values, end: '17:00' })).toHaveProperty('end');
      expect(validateSlotEditValues({ ...values, start: '' })).toHaveProperty('start');
      expect(validateSlotEditValues({ ...values, capacity: 0 })).toHaveProperty('capacity');
      expect(validateSlotEditValues({ ...values, prior_notice_minutes: '' })).toHaveProperty('prior_notice_minutes');
    });
  });
});
