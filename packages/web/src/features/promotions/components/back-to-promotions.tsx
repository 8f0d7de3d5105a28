import { BackLink } from '../../../shared/components/back-link';
import { t } from '../../../i18n';

/** The "Voltar" link of the create, duplicate and view pages. */
export const BackToPromotions = () => <BackLink to="/promotional/list/" label={t('common.back')} />;
