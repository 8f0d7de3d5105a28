import { Alert, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../shared/components/form-actions';
import { ApiError } from '../../shared/api/client';
import { dateHourToIso, isoToDateHour } from '../../shared/ui/sao-paulo-time';
import { useUpdateOffer, type OfferPatch, type Product } from './api';
import { ProductThumb } from './product-thumb';
import { t } from '../../i18n';

interface Props {
  product: Product;
  locationId: number;
  storeName: string;
  onClose: () => void;
}

type Num = number | string;

interface Values {
  price: Num;
  promotional_price: Num;
  promotion_start: string | null;
  promotion_end: string | null;
  stock: Num;
  is_available: boolean;
}

const day = (iso: string | null | undefined) => (iso ? isoToDateHour(iso).date : null);
const num = (v: Num): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The offer's values as the form holds them. */
export function offerFormValues(offer: NonNullable<Product['offer']>): Values {
  return {
    price: offer.price,
    promotional_price: offer.promotional_price ?? '',
    promotion_start: day(offer.promotion_start),
    promotion_end: day(offer.promotion_end),
    stock: offer.stock,
    is_available: offer.is_available,
  };
}

/** What the form asks for, or the first problem per field (the server checks again). */
export function offerFormBody(values: Values): { body?: OfferPatch; errors: Partial<Record<keyof Values, string>> } {
  const errors: Partial<Record<keyof Values, string>> = {};
  const price = num(values.price);
  const promo = num(values.promotional_price);
  const stock = num(values.stock);
  if (price === null || price <= 0) errors.price = t('products.offer.errors.price');
  if (promo !== null && price !== null && promo >= price) errors.promotional_price = t('products.offer.errors.promoBelow');
  if (promo !== null && promo <= 0) errors.promotional_price = t('products.offer.errors.price');
  if (promo === null && (values.promotion_start || values.promotion_end)) errors.promotional_price = t('products.offer.errors.promoMissing');
  if (values.promotion_start && values.promotion_end && values.promotion_end < values.promotion_start) errors.promotion_end = t('products.offer.errors.periodOrder');
  if (stock === null || stock < 0 || !Number.isInteger(stock)) errors.stock = t('products.offer.errors.stock');
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      price: price!,
      promotional_price: promo,
      promotion_start: promo !== null && values.promotion_start ? dateHourToIso(values.promotion_start, '00:00', 'start') : null,
      promotion_end: promo !== null && values.promotion_end ? dateHourToIso(values.promotion_end, '23:59', 'end') : null,
      stock: stock!,
      is_available: values.is_available,
    },
  };
}

const money = { decimalScale: 2, fixedDecimalScale: true, thousandSeparator: '.', decimalSeparator: ',', prefix: 'R$ ', min: 0, allowNegative: false } as const;

/** Spec §2 store view: the offer's price, promotional price and its period, stock and availability. */
export function OfferEditModal({ product, locationId, storeName, onClose }: Props) {
  const offer = product.offer!;
  const [values, setValues] = useState<Values>(() => offerFormValues(offer));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateOffer();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { body, errors: found } = offerFormBody(values);
    setErrors(found);
    if (!body) return;
    setServerError(null);
    update.mutate(
      { locationId, productId: product.id, body, announce: true },
      {
        onSuccess: onClose,
        onError: (error) => setServerError(error instanceof ApiError ? error.message : t('errors.generic')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('products.offer.title')} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="offer-form">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ProductThumb src={product.image_url} name={product.name} size={48} />
            <Stack gap={0} miw={0}>
              <Text fw={600} lineClamp={2}>
                {product.name}
              </Text>
              <Text size="sm" c="dimmed">
                {t('products.offer.atStore', { store: storeName })}
              </Text>
            </Stack>
          </Group>
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {serverError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput label={t('products.offer.price')} withAsterisk {...money} value={values.price} onChange={(v) => set('price', v)} error={errors.price} />
            <NumberInput label={t('products.offer.promotionalPrice')} {...money} value={values.promotional_price} onChange={(v) => set('promotional_price', v)} error={errors.promotional_price} />
            <DateInput
              label={t('products.offer.promotionStart')}
              valueFormat="DD/MM/YYYY"
              clearable
              leftSection={<IconCalendar size={16} />}
              value={values.promotion_start}
              onChange={(v) => set('promotion_start', v)}
              error={errors.promotion_start}
            />
            <DateInput
              label={t('products.offer.promotionEnd')}
              valueFormat="DD/MM/YYYY"
              clearable
              leftSection={<IconCalendar size={16} />}
              value={values.promotion_end}
              minDate={values.promotion_start ?? undefined}
              onChange={(v) => set('promotion_end', v)}
              error={errors.promotion_end}
            />
            <NumberInput label={t('products.offer.stock')} withAsterisk min={0} allowDecimal={false} allowNegative={false} thousandSeparator="." decimalSeparator="," value={values.stock} onChange={(v) => set('stock', v)} error={errors.stock} />
            <Switch mt={{ xs: 30 }} label={t('products.offer.available')} checked={values.is_available} onChange={(e) => set('is_available', e.currentTarget.checked)} />
          </SimpleGrid>
          <FormActions submitLabel={t('common.save')} pending={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
