import { schemaResolver } from '@mantine/form';
import { CreateAudienceBody, type AudienceOperator, type AudienceVisibility } from '@backoffice/contracts';
import type { Audience, AudienceAttribute, AudienceRule, CreateAudienceBody as CreateBody } from './api';
import { t } from '../../../i18n';

/** One rule as the builder edits it: every kind of value has its own field. */
export interface RuleValues {
  attribute: string | null;
  operator: AudienceOperator | null;
  text: string;
  list: string[];
  number: number | string;
  min: number | string;
  max: number | string;
  flag: 'true' | 'false';
}

export interface AudienceFormValues {
  publisher_id: string | null;
  name: string;
  description: string;
  estimated_audience: number | string;
  reach_range: number;
  visibility: AudienceVisibility;
  advertiser_ids: string[];
  rules: RuleValues[];
}

export const emptyRule = (): RuleValues => ({ attribute: null, operator: null, text: '', list: [], number: '', min: '', max: '', flag: 'true' });

export function emptyAudienceValues(publisherId: number | null): AudienceFormValues {
  return {
    publisher_id: publisherId === null ? null : String(publisherId),
    name: '',
    description: '',
    estimated_audience: 0,
    reach_range: 0,
    visibility: 'global',
    advertiser_ids: [],
    rules: [],
  };
}

const isList = (op: AudienceOperator | null) => op === 'in' || op === 'not_in';
const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

/** Which field of a builder row holds its value, for an attribute type and operator. */
export function ruleValueField(type: AudienceAttribute['type'] | undefined, op: AudienceOperator | null): 'text' | 'list' | 'number' | 'range' | 'flag' {
  if (type === 'boolean') return 'flag';
  if (type === 'number') return op === 'between' ? 'range' : 'number';
  return isList(op) ? 'list' : 'text';
}

function ruleFromValues(r: RuleValues, attributes: AudienceAttribute[]): AudienceRule {
  const attr = attributes.find((a) => a.key === r.attribute);
  const operator = (r.operator ?? 'eq') as AudienceRule['operator'];
  const field = ruleValueField(attr?.type, r.operator);
  let value: AudienceRule['value'];
  if (field === 'flag') value = r.flag === 'true';
  else if (field === 'number') value = num(r.number);
  else if (field === 'range') value = [num(r.min), num(r.max)];
  else if (field === 'list') value = r.list;
  else value = r.text.trim();
  return { attribute: r.attribute ?? '', operator, value };
}

function valuesFromRule(rule: AudienceRule, attributes: AudienceAttribute[]): RuleValues {
  const attr = attributes.find((a) => a.key === rule.attribute);
  const values = emptyRule();
  values.attribute = rule.attribute;
  values.operator = rule.operator;
  const field = ruleValueField(attr?.type, rule.operator);
  const v = rule.value;
  if (field === 'flag') values.flag = v === true ? 'true' : 'false';
  else if (field === 'number') values.number = typeof v === 'number' ? v : '';
  else if (field === 'range' && Array.isArray(v)) [values.min, values.max] = [Number(v[0]), Number(v[1])];
  else if (field === 'list') values.list = Array.isArray(v) ? v.map(String) : [String(v)];
  else values.text = Array.isArray(v) ? v.join(', ') : String(v);
  return values;
}

export function audienceToValues(a: Audience, attributes: AudienceAttribute[]): AudienceFormValues {
  return {
    publisher_id: String(a.publisher.id),
    name: a.name,
    description: a.description ?? '',
    estimated_audience: a.estimated_audience,
    reach_range: a.reach_range,
    visibility: a.visibility,
    advertiser_ids: a.advertiser_ids.map(String),
    rules: a.rules.map((r) => valuesFromRule(r, attributes)),
  };
}

/** The create body; an advertiser proposing a private audience names only itself. */
export function valuesToBody(values: AudienceFormValues, attributes: AudienceAttribute[], ownAdvertiserId: number | null): CreateBody {
  const privateIds = ownAdvertiserId !== null ? [ownAdvertiserId] : values.advertiser_ids.map(Number);
  return {
    publisher_id: Number(values.publisher_id ?? 0),
    name: values.name.trim(),
    description: values.description.trim() || null,
    estimated_audience: values.estimated_audience === '' ? 0 : Number(values.estimated_audience),
    reach_range: values.reach_range,
    visibility: values.visibility,
    advertiser_ids: values.visibility === 'private' ? privateIds : [],
    rules: values.rules.map((r) => ruleFromValues(r, attributes)),
  };
}

const checkBody = schemaResolver(CreateAudienceBody, { sync: true });

/** The contract's rules, reported at the form's fields (a rule's value error sits under its row). */
export function validateAudienceValues(values: AudienceFormValues, attributes: AudienceAttribute[], ownAdvertiserId: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkBody(valuesToBody(values, attributes, ownAdvertiserId)))) {
    const parts = path.split('.');
    const field = parts[0] === 'rules' && parts.length > 2 ? `rules.${parts[1]}.${parts[2]}` : (parts[0] ?? path);
    errors[field] ??= String(message);
  }
  if (!values.publisher_id) errors.publisher_id = t('rmAudiences.form.publisherRequired');
  else delete errors.publisher_id;
  values.rules.forEach((r, i) => {
    if (!r.attribute) errors[`rules.${i}.attribute`] = t('rmAudiences.form.ruleAttributeRequired');
    if (!r.operator) errors[`rules.${i}.operator`] = t('rmAudiences.form.ruleOperatorRequired');
  });
  return errors;
}
