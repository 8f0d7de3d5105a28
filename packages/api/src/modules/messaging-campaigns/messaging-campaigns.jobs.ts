import type { JobQueue } from '../../lib/queue.ts';
import type { CampaignDispatcher } from './messaging-dispatch.ts';

/** How often due campaigns are started and stalled ones resumed. */
export const TICK_EVERY_MS = 5_000;

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** Starts the campaigns whose start has come and resumes the ones whose dispatch stalled. */
    'messaging-campaigns.tick': Record<string, never>;
    /** Dispatches one campaign (its batches, throttled) until it is sent, canceled or past its end. */
    'messaging-campaigns.dispatch': { campaignId: number };
  }
}

/** One dispatch job per campaign and version (its start, or the progress it stalled at): a stalled one is queued again under a new id. */
export const dispatchJobId = (campaignId: number, version: string) => `messaging-campaign-${campaignId}-${version}`;

/** Queues a campaign's dispatch. */
export const queueDispatch = (queue: JobQueue, campaignId: number, version: string) =>
  queue.add('messaging-campaigns.dispatch', { campaignId }, { jobId: dispatchJobId(campaignId, version), attempts: 3 });

export async function registerMessagingCampaignJobs(queue: JobQueue, dispatcher: CampaignDispatcher) {
  queue.handle('messaging-campaigns.dispatch', ({ campaignId }) => dispatcher.run(campaignId));
  queue.handle('messaging-campaigns.tick', async () => {
    for (const { campaignId, version } of await dispatcher.due()) await queueDispatch(queue, campaignId, version);
  });
  await queue.every('messaging-campaigns.tick', TICK_EVERY_MS, {});
}
