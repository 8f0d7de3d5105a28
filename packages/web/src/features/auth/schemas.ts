import { z } from 'zod';
import { ActivateInviteBody, UpdatePasswordBody } from '@backoffice/contracts';
import { t } from '../../i18n';

// Form schemas are the contracts' bodies; only the confirmation field (never sent) is added here.
const confirmed = <T extends z.ZodObject<{ password: z.ZodType<string> }>>(schema: T) =>
  schema
    .extend({ confirmation: z.string() })
    .refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: t('auth.validation.mismatch') });

export const ResetPasswordForm = confirmed(UpdatePasswordBody.pick({ password: true }));

/** A first-time user names themself and creates a password. */
export const NewUserInviteForm = confirmed(ActivateInviteBody.omit({ code: true }).required({ name: true }));

/** A user who already has a password proves it (the form's other fields are not sent). */
export const ExistingUserInviteForm = ActivateInviteBody.pick({ password: true }).strip();

/** Reset and invite codes have the contracts' shape; anything else is a broken link. */
export const isResetCode = (code: string | undefined): code is string => UpdatePasswordBody.shape.code.safeParse(code).success;
export const isInviteCode = (code: string | undefined): code is string => ActivateInviteBody.shape.code.safeParse(code).success;
