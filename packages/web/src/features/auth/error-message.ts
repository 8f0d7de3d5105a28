import { ApiError } from '../../shared/api/client';
import { t } from '../../i18n';

/** The server's message (already in Portuguese), or the common one when there is none. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : t('errors.generic'));
