import type { AppModule } from '../../lib/module.ts';
import { registerEmailJobs } from './email.jobs.ts';
import { createEmailRepo } from './email.repo.ts';
import { createEmailService, type EmailService } from './email.service.ts';
import { createLocalTransport, createSmtpTransport, type EmailTransport } from './email.transport.ts';

export type { EmailTransport };

/** E-mail through an outbox and the job queue; `transport` replaces the one chosen from config (tests pass a failing one). */
export function emailModule(transport?: EmailTransport): AppModule {
  return {
    name: 'email',
    async register(_app, { db, queue, config, provide }) {
      const repo = createEmailRepo(db);
      provide({ email: createEmailService({ repo, queue }) });
      await registerEmailJobs(queue, {
        repo,
        transport: transport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createLocalTransport()),
      });
    },
  };
}

declare module '../../lib/module.ts' {
  interface ModuleServices {
    email: EmailService;
  }
}
