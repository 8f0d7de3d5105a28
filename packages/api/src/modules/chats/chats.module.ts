import { CHAT_MEDIA_MAX_BYTES } from '@backoffice/contracts';
import type { AppModule } from '../../lib/module.ts';
import { createFlyerMedia } from '../flyers/flyer-media.ts';
import { createChatAdminRepo } from './chat-admin.repo.ts';
import { createChatAdminService } from './chat-admin.service.ts';
import { createChatAssignment } from './chat-assignment.ts';
import { createChatDashboards, createChatDashboardsRepo } from './chat-dashboards.ts';
import { createChatInbound, type ChatInbound } from './chat-inbound.ts';
import { createChatNotifier } from './chat-view.ts';
import { createReadCache } from '../../lib/cache.ts';
import { createChatsRepo } from './chats.repo.ts';
import { registerChatRoutes } from './chats.routes.ts';
import { createChatsService, type ChatChannelPort } from './chats.service.ts';

/** How late the chats list may show what the jobs changed (under the screens' refetch delay after an event, 1 s). */
const LIST_ACTIVITY_LAG_MS = 750;

/**
 * Customer-service chats over WhatsApp: conversations fed by the messaging module's inbound
 * messages (the bot first, then the queue and attendants), chat templates, tags, and the
 * attendance dashboards; live through the `whatsapp` socket events.
 */
export const chatsModule: AppModule = {
  name: 'chats',
  register(app, { db, cache, services, realtime, media, config, log, provide }) {
    const messaging = services.messaging;
    const channel: ChatChannelPort = messaging;
    // The list's pages, kept in this process while the account's chats keep their version (every
    // instance sees a write on any other: the versions are where the cache is, Redis when configured).
    // What a request changed shows at once; what the jobs change (customers' messages, the bot, the
    // queue's assignments) may show up to LIST_ACTIVITY_LAG_MS late: their screens hear of it by the
    // `whatsapp` events, patch the row at once and refetch a second later, when the page is fresh.
    // Names of customers, stores and attendants shown in it may lag their change by up to a minute.
    const lists = createReadCache(cache.versions, { maxBytes: 32 * 2 ** 20, ttlSeconds: 60 });
    const listTag = (accountId: number) => `chats:${accountId}`;
    const activityTag = (accountId: number) => `chats-activity:${accountId}`;
    const repo = createChatsRepo(db, { changed: (accountId) => lists.changed(listTag(accountId)) });
    const admin = createChatAdminRepo(db);
    const notify = createChatNotifier(realtime);
    const assignment = createChatAssignment({ chats: repo, admin, notify });
    const jobsRepo = createChatsRepo(db, { changed: (accountId) => lists.changed(activityTag(accountId)) });
    const carts = services.shoppingCarts;
    const chats = createChatsService({
      repo,
      admin,
      scope: services.locations.allowedLocationIds,
      channel,
      carts,
      media,
      assignment,
      notify,
      appUrl: config.appUrl,
      lists: (accountId, key, load) =>
        lists.read(`${listTag(accountId)}:${key}`, [listTag(accountId), { tag: activityTag(accountId), lagMs: LIST_ACTIVITY_LAG_MS }], load),
    });
    const inbound = createChatInbound({
      repo: jobsRepo,
      admin,
      channel,
      carts,
      assignment: createChatAssignment({ chats: jobsRepo, admin, notify }),
      notify,
      log,
    });
    messaging.onInboundMany((messages) => inbound.handleInboundMany(messages));
    messaging.onStatus((u) => inbound.handleStatus(u));
    registerChatRoutes(
      app,
      chats,
      createChatAdminService({ admin, chats: repo, assignment }),
      createChatDashboards({ repo: createChatDashboardsRepo(db) }),
      createFlyerMedia({ storage: media, maxBytes: Math.min(config.mediaMaxBytes ?? CHAT_MEDIA_MAX_BYTES, CHAT_MEDIA_MAX_BYTES) }),
    );
    provide({ chatInbound: inbound });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Customers' messages into chats (tests and the simulator may call it directly). */
    chatInbound: ChatInbound;
  }
}
