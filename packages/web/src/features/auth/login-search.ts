import { z } from 'zod';

export const LoginSearch = z.object({ callback_url: z.string().optional() });
