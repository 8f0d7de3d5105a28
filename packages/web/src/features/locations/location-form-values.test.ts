import { describe, expect, it } from 'vitest';
import { CreateLocationBody } from '@backoffice/contracts';
import { bodyPathToField, emptyLocationValues, formatCoordinate, locationToValues, valuesToBody, WEEKDAY_ORDER, type LocationFormValues, type LocationSource } from './location-form-values';

/** A store as the API answers it: CNPJ in digits, phone in E.164, CEP punctuated. */
const PINHEIROS: LocationSource = {
  name: 'Bom Preço Pinheiros',
  seller_id: 'bompreco-pinheiros',
  cnpj: '11222333000181',
  phone: '+551130001000',
  address: { zip_code: '05422-001', street: 'Rua dos Pinheiros', number: '1200', complement: null, neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
  latitude: -23.5653,
  longitude: -46.6856,
  delivery_type: 'both',
  opening_hours: [
    { weekday: 0, open: '09:00', close: '18:00' },
    { weekday: 1, open: '07:00', close: '22:00' },
    { weekday: 6, open: '07:00', close: '20:00' },
  ],
  picking_capacity: 40,
  active: true,
};

const filled = (patch: Partial<LocationFormValues> = {}): LocationFormValues => ({ ...locationToValues(PINHEIROS), ...patch });

describe('a new store', () => {
  it('opens every day 08:00–22:00, serves delivery and pickup, is active and has no pin', () => {
    const values = emptyLocationValues();
    expect(values.opening_hours.map((d) => d.weekday)).toEqual([...WEEKDAY_ORDER]);
    expect(values.opening_hours.every((d) => d.open && d.opens === '08:00' && d.closes === '22:00')).toBe(true);
    expect(values).toMatchObject({ delivery_type: 'both', active: true, latitude: null, longitude: null, picking_capacity: '' });
  });
});

describe('loading a store into the form', () => {
  it('punctuates the CNPJ, keeps phone and CEP as the API writes them and turns nulls into blanks', () => {
    expect(locationToValues(PINHEIROS)).toMatchObject({ cnpj: '11.222.333/0001-81', phone: '(11) 3000-1000', zip_code: '05422-001', complement: '', picking_capacity: 40, state: 'SP' });
  });

  it('lists the week from Monday, with the days missing from the API closed', () => {
    const days = locationToValues(PINHEIROS).opening_hours;
    expect(days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(days.find((d) => d.weekday === 0)).toEqual({ weekday: 0, open: true, opens: '09:00', closes: '18:00' });
    expect(days.find((d) => d.weekday === 3)).toMatchObject({ open: false });
  });

  it('round-trips: what is loaded is what the contract reads back', () => {
    const parsed = CreateLocationBody.parse(valuesToBody(locationToValues(PINHEIROS)));
    expect(parsed).toEqual({ ...PINHEIROS, cnpj: '11222333000181' });
  });
});

describe('the body sent to the API', () => {
  it('trims, sends blanks of optional fields as null, the UF in capitals and no capacity as null', () => {
    const body = valuesToBody(filled({ name: '  Loja Centro ', state: 'sp', seller_id: '  ', complement: ' ', picking_capacity: '' }));
    expect(body).toMatchObject({ name: 'Loja Centro', seller_id: null, picking_capacity: null });
    expect(body.address).toMatchObject({ state: 'SP', complement: null });
    expect(CreateLocationBody.safeParse(body).success).toBe(true);
  });

  it('sends only the open days, Sunday first, with HH:MM times', () => {
    const values = emptyLocationValues();
    values.opening_hours = values.opening_hours.map((d) => (d.weekday === 0 ? { ...d, open: false } : d.weekday === 2 ? { ...d, opens: '09:30:00', closes: '19:00' } : d));
    const hours = valuesToBody(values).opening_hours ?? [];
    expect(hours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hours[1]).toEqual({ weekday: 2, open: '09:30', close: '19:00' });
  });

  it('is refused by the contract without a pin, with a CNPJ whose check digits are wrong, or hours closing before opening', () => {
    const noPin = CreateLocationBody.safeParse(valuesToBody(filled({ latitude: null, longitude: null })));
    expect(noPin.error?.issues.map((i) => i.path.join('.'))).toEqual(['latitude', 'longitude']);
    const badCnpj = CreateLocationBody.safeParse(valuesToBody(filled({ cnpj: '11.222.333/0001-82' })));
    expect(badCnpj.error?.issues[0]?.message).toBe('CNPJ inválido: os dígitos verificadores não conferem.');
    const days = filled().opening_hours.map((d) => (d.weekday === 6 ? { ...d, closes: '06:00' } : d));
    const reversed = CreateLocationBody.safeParse(valuesToBody(filled({ opening_hours: days })));
    expect(reversed.error?.issues[0]?.path).toEqual(['opening_hours', 2, 'close']);
  });
});

describe('where an error is shown', () => {
  it('puts address errors at their field and opening-hours errors on the row of their weekday', () => {
    const body = valuesToBody(locationToValues(PINHEIROS));
    expect(bodyPathToField('address.zip_code', body)).toBe('zip_code');
    expect(bodyPathToField('opening_hours.1.close', body)).toBe('opening_hours_day.1');
    expect(bodyPathToField('opening_hours.2', body)).toBe('opening_hours_day.6');
    expect(bodyPathToField('opening_hours', body)).toBe('opening_hours');
    expect(bodyPathToField('cnpj', body)).toBe('cnpj');
  });

  it('writes coordinates with six decimals and a comma', () => {
    expect(formatCoordinate(-23.5653)).toBe('-23,565300');
  });
});
