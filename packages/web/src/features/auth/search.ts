import { z } from 'zod';

// A malformed parameter is treated as absent (the page explains), never as a router error.
const optionalText = z.string().optional().catch(undefined);

export const LoginSearch = z.object({ callback_url: optionalText });

/** Reset-password and confirm-invite links: `?code=…` from the e-mail. */
export const CodeSearch = z.object({ code: optionalText });

/** A sign-in handed over by an integrated system (ERP). */
export const IntegrationSearch = z.object({ token: optionalText, callback_url: optionalText });
