import { describe, expect, it } from 'vitest';
import { CreateFlyerBody } from '@backoffice/contracts';
import { emptyFlyerValues, flyerToValues, normalizeMessage, parseBrDate, valuesToBody, type FlyerFormValues } from './flyer-form-values';
import { dateHourToIso, isoToDateHour } from '../../shared/ui/sao-paulo-time';

const filled = (patch: Partial<FlyerFormValues> = {}): FlyerFormValues => ({
  ...emptyFlyerValues(),
  name: 'Encarte Semanal',
  start_date: '2026-11-23',
  end_date: '2026-11-29',
  ...patch,
});

describe('flyer form defaults', () => {
  it('starts at 00:00, ends at 23:59, active, in every store, without media', () => {
    expect(emptyFlyerValues()).toMatchObject({ start_hour: '00:00', end_hour: '23:59', active: true, all_locations: true, location_ids: [], media_url: null });
  });
});

describe('São Paulo dates and hours', () => {
  it('combines a date and an hour into ISO with the -03:00 offset; the end hour covers its minute', () => {
    expect(dateHourToIso('2026-11-23', '00:00', 'start')).toBe('2026-11-23T00:00:00-03:00');
    expect(dateHourToIso('2026-11-29', '23:59', 'end')).toBe('2026-11-29T23:59:59-03:00');
    expect(dateHourToIso('2026-12-01', '08:30', 'start')).toBe('2026-12-01T08:30:00-03:00');
    // The time picker's HH:mm:ss value: the edge decides the seconds.
    expect(dateHourToIso('2026-12-01', '18:45:00', 'end')).toBe('2026-12-01T18:45:59-03:00');
  });

  it('falls back to the default hours when the hour is blank or malformed', () => {
    expect(dateHourToIso('2026-11-23', '', 'start')).toBe('2026-11-23T00:00:00-03:00');
    expect(dateHourToIso('2026-11-23', '25:00', 'end')).toBe('2026-11-23T23:59:59-03:00');
  });

  it('derives the São Paulo day and hour from timestamps in any offset', () => {
    expect(isoToDateHour('2026-11-23T00:00:00-03:00')).toEqual({ date: '2026-11-23', hour: '00:00' });
    // 02:59:59 UTC is still the previous evening in São Paulo.
    expect(isoToDateHour('2026-11-30T02:59:59.999Z')).toEqual({ date: '2026-11-29', hour: '23:59' });
    expect(isoToDateHour('2026-11-23T03:00:00.000Z')).toEqual({ date: '2026-11-23', hour: '00:00' });
  });

  it('round-trips a flyer through the form unchanged', () => {
    const flyer = {
      name: 'Festival do Churrasco',
      message: 'Carnes\nselecionadas',
      start_at: '2026-11-23T03:00:00.000Z',
      end_at: '2026-11-30T02:59:59.999Z',
      active: true,
      location_ids: [3, 5],
      media_url: '/uploads/a.png',
      media_type: 'image/png',
      media_name: 'a.png',
    };
    const values = flyerToValues(flyer);
    expect(values).toMatchObject({ start_date: '2026-11-23', start_hour: '00:00', end_date: '2026-11-29', end_hour: '23:59', all_locations: false, location_ids: [3, 5] });
    const body = valuesToBody(values);
    expect(Date.parse(body.start_at)).toBe(Date.parse(flyer.start_at));
    expect(body.end_at).toBe('2026-11-29T23:59:59-03:00');
    expect(body).toMatchObject({ message: 'Carnes\nselecionadas', location_ids: [3, 5], media_url: '/uploads/a.png', media_type: 'image/png', media_name: 'a.png' });
  });
});

describe('message normalisation', () => {
  it('turns CRLF and CR into LF and trims line ends and the whole text', () => {
    expect(normalizeMessage('  Ofertas da semana!  \r\nVálido enquanto durarem.\rAproveite \n\n')).toBe('Ofertas da semana!\nVálido enquanto durarem.\nAproveite');
  });

  it('sends a blank message as null', () => {
    expect(valuesToBody(filled({ message: ' \r\n ' })).message).toBeNull();
    expect(valuesToBody(filled({ message: 'Linha 1\r\nLinha 2' })).message).toBe('Linha 1\nLinha 2');
  });
});

describe('stores', () => {
  it('sends "all stores" as an empty list, even with stores picked before', () => {
    expect(valuesToBody(filled({ all_locations: true, location_ids: [1, 2] })).location_ids).toEqual([]);
  });

  it('sends the picked stores otherwise, and loads an empty list as "all stores"', () => {
    expect(valuesToBody(filled({ all_locations: false, location_ids: [4, 7] })).location_ids).toEqual([4, 7]);
    const loaded = flyerToValues({ ...valuesToBody(filled()), message: null, start_at: '2026-11-23T00:00:00-03:00', end_at: '2026-11-29T23:59:59-03:00', active: true, location_ids: [], media_url: null, media_type: null, media_name: null, name: 'X' });
    expect(loaded.all_locations).toBe(true);
  });
});

describe('validation with the contract schema', () => {
  it('accepts a filled form', () => {
    expect(CreateFlyerBody.safeParse(valuesToBody(filled())).success).toBe(true);
  });

  it('reports blank dates and an end before the start at the API fields', () => {
    const blank = CreateFlyerBody.safeParse(valuesToBody(filled({ start_date: '', end_date: '' })));
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['start_at', 'end_at']));
    const reversed = CreateFlyerBody.safeParse(valuesToBody(filled({ start_date: '2026-11-29', end_date: '2026-11-23' })));
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['end_at'], message: 'O fim do encarte deve ser depois do início.' });
  });
});

describe('parseBrDate (typed dates)', () => {
  it('reads DD/MM/YYYY and YYYY-MM-DD as YYYY-MM-DD', () => {
    expect(parseBrDate('23/11/2026')).toBe('2026-11-23');
    expect(parseBrDate(' 1/2/2027 ')).toBe('2027-02-01');
    expect(parseBrDate('2026-11-23')).toBe('2026-11-23');
  });

  it('rejects days that do not exist and other text', () => {
    expect(parseBrDate('31/02/2026')).toBeNull();
    expect(parseBrDate('amanhã')).toBeNull();
  });
});
