import { describe, expect, it } from 'vitest';
import { CreateOperatorBody } from '@backoffice/contracts';
import { bodyPathToField, emptyOperatorValues, operatorToValues, takesPlate, valuesToBody, type OperatorFormValues } from './operator-form-values';
import { validateOperatorValues } from './operator-form';

const filled = (patch: Partial<OperatorFormValues> = {}): OperatorFormValues => ({
  ...emptyOperatorValues(),
  name: '  Joana Lima ',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  email: ' Joana.Lima@BomPreco.com.br ',
  role: 'picker',
  location_ids: [3, 5],
  ...patch,
});

describe('new operator defaults', () => {
  it('is active, with no role and no vehicle, in no store', () => {
    expect(emptyOperatorValues()).toMatchObject({ role: '', vehicle_type: '', vehicle_plate: '', active: true, location_ids: [] });
  });

  it('starts in the store of /operators/list/{locationId}', () => {
    expect(emptyOperatorValues(7).location_ids).toEqual([7]);
  });
});

describe('form values to the API body', () => {
  it('sends CPF and phone as digits, the e-mail trimmed in lower case, and no vehicle for a picker', () => {
    expect(valuesToBody(filled())).toEqual({
      name: 'Joana Lima',
      cpf: '52998224725',
      phone: '11987654321',
      email: 'joana.lima@bompreco.com.br',
      role: 'picker',
      location_ids: [3, 5],
      vehicle: null,
      active: true,
    });
  });

  it('sends blank phone and e-mail as null', () => {
    expect(valuesToBody(filled({ phone: '', email: '   ' }))).toMatchObject({ phone: null, email: null });
  });

  it('drops a vehicle chosen before the role changed away from deliverer', () => {
    expect(valuesToBody(filled({ role: 'manager', vehicle_type: 'car', vehicle_plate: 'ABC1234' })).vehicle).toBeNull();
  });

  it('sends a deliverer’s vehicle with the plate normalised, and a bicycle without a plate', () => {
    expect(valuesToBody(filled({ role: 'deliverer', vehicle_type: 'motorcycle', vehicle_plate: 'bra2e19' })).vehicle).toEqual({ type: 'motorcycle', plate: 'BRA2E19' });
    expect(valuesToBody(filled({ role: 'deliverer', vehicle_type: 'bicycle', vehicle_plate: 'ABC1234' })).vehicle).toEqual({ type: 'bicycle', plate: null });
    expect(takesPlate('bicycle')).toBe(false);
    expect(takesPlate('van')).toBe(true);
  });
});

describe('a loaded operator in the form', () => {
  const operator = {
    name: 'Carlos Souza',
    cpf: '11144477735',
    phone: '+551134567890',
    email: null,
    role: 'deliverer' as const,
    location_ids: [2],
    vehicle: { type: 'car' as const, plate: 'ABC1234' },
    active: false,
  };

  it('shows CPF and the E.164 phone masked, and splits the vehicle', () => {
    expect(operatorToValues(operator)).toEqual({
      name: 'Carlos Souza',
      cpf: '111.444.777-35',
      phone: '(11) 3456-7890',
      email: '',
      role: 'deliverer',
      location_ids: [2],
      vehicle_type: 'car',
      vehicle_plate: 'ABC1234',
      active: false,
    });
    expect(operatorToValues({ ...operator, phone: '+5511987654321' }).phone).toBe('(11) 98765-4321');
    expect(operatorToValues({ ...operator, phone: null, vehicle: null })).toMatchObject({ phone: '', vehicle_type: '', vehicle_plate: '' });
  });

  it('round-trips through the form to the same stored values', () => {
    const body = CreateOperatorBody.parse(valuesToBody(operatorToValues(operator)));
    expect(body).toMatchObject({ cpf: '11144477735', phone: '+551134567890', email: null, vehicle: { type: 'car', plate: 'ABC1234' }, active: false });
  });
});

describe('validation with the contract schema', () => {
  it('accepts a filled form', () => {
    expect(validateOperatorValues(filled())).toEqual({});
    expect(validateOperatorValues(filled({ role: 'deliverer', vehicle_type: 'bicycle' }))).toEqual({});
  });

  it('asks for the role, CPF and a store in plain words', () => {
    const errors = validateOperatorValues(filled({ role: '', cpf: '', location_ids: [] }));
    expect(errors).toMatchObject({ role: 'Escolha a função.', cpf: 'Informe o CPF.', location_ids: 'Escolha ao menos uma loja.' });
  });

  it('reports a CPF with wrong check digits and a phone that is not Brazilian', () => {
    const errors = validateOperatorValues(filled({ cpf: '529.982.247-26', phone: '(11) 1234' }));
    expect(errors.cpf).toBe('CPF inválido: confira os dígitos.');
    expect(errors.phone).toBeTruthy();
  });

  it('asks a deliverer for the vehicle type, and for the plate of a motor vehicle', () => {
    expect(validateOperatorValues(filled({ role: 'deliverer' })).vehicle_type).toBe('Escolha o tipo de veículo.');
    expect(validateOperatorValues(filled({ role: 'deliverer', vehicle_type: 'van' })).vehicle_plate).toBe('Informe a placa do veículo.');
    expect(validateOperatorValues(filled({ role: 'deliverer', vehicle_type: 'car', vehicle_plate: 'AB12' })).vehicle_plate).toBeTruthy();
  });

  it('puts server error paths at the form fields', () => {
    expect(bodyPathToField('vehicle')).toBe('vehicle_type');
    expect(bodyPathToField('vehicle.plate')).toBe('vehicle_plate');
    expect(bodyPathToField('location_ids.0')).toBe('location_ids');
    expect(bodyPathToField('cpf')).toBe('cpf');
  });
});
