import { IconMapQuestion } from '@tabler/icons-react';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** The store is not in this account (the API's 404), or the id or mode in the URL is not one. */
export const RegionsNotFound = () => (
  <RecordNotFound icon={<IconMapQuestion size={30} />} title={t('regions.notFound.title')} text={t('regions.notFound.text')} backTo="/logistic/all/regions" backLabel={t('regions.notFound.back')} />
);
