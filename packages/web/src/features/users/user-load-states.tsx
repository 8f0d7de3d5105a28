import { IconUserQuestion } from '@tabler/icons-react';
import { routeLoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** The edit page when the API says the user is not in this account (404). */
export const UserNotFound = () => (
  <RecordNotFound
    icon={<IconUserQuestion size={30} />}
    title={t('users.edit.notFoundTitle')}
    text={t('users.edit.notFoundText')}
    backTo="/users/list"
    backLabel={t('users.edit.backToList')}
  />
);

/** Any other failure loading the user: the server's message and a retry. */
export const UserLoadError = routeLoadError(t('users.edit.loadError'));
