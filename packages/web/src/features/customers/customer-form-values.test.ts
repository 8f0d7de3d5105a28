import { describe, expect, it } from 'vitest';
import { CreateCustomerBody } from '@backoffice/contracts';
import {
  bodyPathToField,
  conflictField,
  customerToValues,
  emptyAddress,
  emptyCustomerValues,
  phoneToE164,
  removeAddress,
  setDefaultAddress,
  valuesToBody,
  type CustomerFormValues,
} from './customer-form-values';
import { validateCustomerValues } from './customer-form';

const address = (patch: Partial<CustomerFormValues['addresses'][number]> = {}) => ({
  ...emptyAddress(true),
  zip_code: '05422-001',
  street: 'Rua dos Pinheiros',
  number: '1000',
  complement: ' apto 12 ',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  ...patch,
});

const filled = (patch: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  ...emptyCustomerValues(),
  name: '  Maria José da Silva ',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  email: ' Maria.Silva@Exemplo.com.br ',
  birth_date: '1985-04-12',
  tags: ['vip', ' vip ', 'app'],
  opt_in: true,
  addresses: [address()],
  ...patch,
});

describe('masks to the API body', () => {
  it('sends the CPF as its digits, the phone in E.164, the e-mail trimmed in lower case, blanks as null', () => {
    const body = valuesToBody(filled());
    expect(body).toMatchObject({
      name: 'Maria José da Silva',
      description: null,
      cpf: '52998224725',
      phone: '+5511987654321',
      email: 'maria.silva@exemplo.com.br',
      birth_date: '1985-04-12',
      seller_id: null,
      tags: ['vip', 'app'],
      opt_in: true,
    });
    expect(body.addresses).toEqual([
      { label: null, zip_code: '05422-001', street: 'Rua dos Pinheiros', number: '1000', complement: 'apto 12', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP', is_default: true },
    ]);
    // What the form sends is what the contract accepts.
    expect(CreateCustomerBody.safeParse(body).success).toBe(true);
  });

  it('turns a masked mobile into E.164 and a blank one into null', () => {
    expect(phoneToE164('(21) 99876-5432')).toBe('+5521998765432');
    expect(phoneToE164('')).toBeNull();
    expect(valuesToBody(filled({ cpf: '', phone: '' }))).toMatchObject({ cpf: null, phone: null });
  });

  it('keeps a saved address’s id, so an edit changes it instead of adding a copy: the PUT’s rules accept it, the POST’s do not', () => {
    const values = filled({ addresses: [address({ id: 7 })] });
    expect(valuesToBody(values).addresses?.[0]).toMatchObject({ id: 7 });
    expect(validateCustomerValues(values, 12)).toEqual({});
    expect(Object.keys(validateCustomerValues(values))).toEqual(['addresses']);
  });

  it('fills the form from the API: CPF and phone masked, the CEP with its hyphen, nulls as blanks', () => {
    const values = customerToValues({
      name: 'Maria',
      description: null,
      cpf: '52998224725',
      phone: '+5511987654321',
      email: null,
      birth_date: '1985-04-12',
      seller_id: 'v-12',
      tags: ['vip'],
      opt_in: false,
      addresses: [{ id: 3, label: 'Casa', zip_code: '05422001', street: 'Rua A', number: '1', complement: null, neighborhood: null, city: 'São Paulo', state: 'SP', is_default: true }],
    });
    expect(values).toMatchObject({ cpf: '529.982.247-25', phone: '(11) 98765-4321', email: '', description: '', seller_id: 'v-12', birth_date: '1985-04-12' });
    expect(values.addresses[0]).toMatchObject({ id: 3, label: 'Casa', zip_code: '05422-001', complement: '', neighborhood: '' });
    expect(valuesToBody(values).phone).toBe('+5511987654321');
  });
});

describe('the contract’s rules at the form’s fields', () => {
  it('asks for the name, and reports a CPF with wrong check digits and a landline at their fields', () => {
    const errors = validateCustomerValues(filled({ name: ' ', cpf: '529.982.247-24', phone: '(11) 3456-7890' }));
    expect(Object.keys(errors).sort()).toEqual(['cpf', 'name', 'phone']);
  });

  it('reports an address’s missing fields at that address', () => {
    const errors = validateCustomerValues(filled({ addresses: [address(), address({ is_default: false, zip_code: '123', street: '', state: '' })] }));
    expect(Object.keys(errors).sort()).toEqual(['addresses.1.state', 'addresses.1.street', 'addresses.1.zip_code']);
  });

  it('accepts a customer with only a name (description and the rest optional)', () => {
    expect(validateCustomerValues({ ...emptyCustomerValues(), name: 'João' })).toEqual({});
  });

  it('maps body paths to the form’s fields', () => {
    expect(bodyPathToField('addresses.0.zip_code')).toBe('addresses.0.zip_code');
    expect(bodyPathToField('tags.3')).toBe('tags');
    expect(bodyPathToField('cpf')).toBe('cpf');
  });
});

describe('addresses', () => {
  it('has one default: choosing another moves it, removing the default gives it to the first left', () => {
    const a = address({ key: 'a', is_default: true });
    const b = address({ key: 'b', is_default: false });
    expect(setDefaultAddress([a, b], 'b').map((x) => x.is_default)).toEqual([false, true]);
    expect(removeAddress([a, b], 'a')).toEqual([{ ...b, is_default: true }]);
  });
});

describe('a 409 duplicate', () => {
  it('names its field from the details, else from its code or message', () => {
    expect(conflictField('CONFLICT', 'x', [{ field: 'phone' }])).toBe('phone');
    expect(conflictField('CUSTOMER_CPF_TAKEN', 'Já existe um cliente com este CPF.')).toBe('cpf');
    expect(conflictField('CUSTOMER_DUPLICATE', 'Já existe um cliente com este telefone.')).toBe('phone');
    expect(conflictField('CUSTOMER_ANONYMIZED', 'Cliente anonimizado.')).toBeNull();
  });
});
