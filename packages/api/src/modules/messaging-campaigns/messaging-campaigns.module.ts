import type { AppModule } from '../../lib/module.ts';
import { createMessagingMedia } from './messaging-media.ts';
import { createMessagingTemplatesRepo } from './messaging-templates.repo.ts';
import { createMessagingTemplatesService } from './messaging-templates.service.ts';
import { createMessagingCampaignsRepo } from './messaging-campaigns.repo.ts';
import { createMessagingRecipientsRepo } from './messaging-recipients.repo.ts';
import { createMessagingCampaignsService } from './messaging-campaigns.service.ts';
import { createCampaignDispatcher } from './messaging-dispatch.ts';
import { queueDispatch, registerMessagingCampaignJobs } from './messaging-campaigns.jobs.ts';
import { registerMessagingCampaignRoutes } from './messaging-campaigns.routes.ts';
import { createOrderNotificationsRepo } from './order-notifications.repo.ts';
import { createOrderNotifications } from './order-notifications.ts';

/**
 * WhatsApp messaging campaigns: templates approved by the provider, campaigns dispatched by jobs
 * to opted-in customers through services.messaging, whose delivery statuses and button replies
 * come back through its handlers; and the templates of order notifications.
 */
export const messagingCampaignsModule: AppModule = {
  name: 'messaging-campaigns',
  async register(app, { db, media: storage, config, queue, services, log }) {
    const messaging = services.messaging;
    const templatesRepo = createMessagingTemplatesRepo(db);
    const campaignsRepo = createMessagingCampaignsRepo(db);
    const recipients = createMessagingRecipientsRepo(db);
    const templates = createMessagingTemplatesService({ repo: templatesRepo, storage, channel: messaging });
    const campaigns = createMessagingCampaignsService({
      repo: campaignsRepo,
      recipients,
      templates: templatesRepo,
      storage,
      kick: (campaignId, version) => queueDispatch(queue, campaignId, version),
    });
    const dispatcher = createCampaignDispatcher({ campaigns: campaignsRepo, recipients, messaging, log });
    messaging.onStatuses((updates) => dispatcher.onStatuses(updates));
    messaging.onInbound((message) => dispatcher.onInbound(message));
    messaging.onTemplateDecision((decision) => templates.decide(decision));
    await registerMessagingCampaignJobs(queue, dispatcher);
    const orderNotifications = createOrderNotifications({ repo: createOrderNotificationsRepo(db), messaging, queue, log });
    services.orders.onTransition((t) => orderNotifications.onTransition(t));
    queue.handle('order-notifications.send', (payload) => orderNotifications.send(payload));
    registerMessagingCampaignRoutes(app, { campaigns, templates, media: createMessagingMedia({ storage, maxBytes: config.mediaMaxBytes }) });
  },
};
