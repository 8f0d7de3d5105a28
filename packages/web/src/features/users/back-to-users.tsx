import { BackLink } from '../../shared/components/back-link';
import { t } from '../../i18n';

export const BackToUsers = () => <BackLink to="/users/list" label={t('users.edit.backToList')} />;
