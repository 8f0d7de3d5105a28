import type { ChatAdminRepo } from './chat-admin.repo.ts';
import type { ChatsRepo } from './chats.repo.ts';
import { toChatSummary, type ChatNotifier } from './chat-view.ts';

export interface Candidate {
  userId: number;
  name: string;
  maxChats: number;
  /** Stores attended; empty: every store. */
  locationIds: number[];
  open: number;
  lastAssignedAt: Date | null;
}

/**
 * The attendant a waiting chat of `locationId` goes to: among the candidates that attend its store
 * and are under their maximum, the one with the fewest open chats; ties go to the one assigned
 * longest ago (never first), then the lowest user id. Null when nobody can take it.
 */
export function pickAttendant(candidates: readonly Candidate[], locationId: number | null): Candidate | null {
  const able = candidates.filter((c) => c.open < c.maxChats && (c.locationIds.length === 0 || (locationId !== null && c.locationIds.includes(locationId))));
  able.sort((a, b) => a.open - b.open || (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) || a.userId - b.userId);
  return able[0] ?? null;
}

/** Assigns an account's waiting chats to its online attendants (under one lock per account), and says so live. */
export function createChatAssignment({ chats, admin, notify, clock = () => new Date() }: { chats: ChatsRepo; admin: ChatAdminRepo; notify: ChatNotifier; clock?: () => Date }) {
  return {
    /** Runs the assignment for the account; answers the chats assigned with their attendants. */
    async assignWaiting(accountId: number): Promise<Array<{ chatId: number; userId: number }>> {
      const done = await admin.transaction(async (tx) => {
        await admin.lockAssignment(accountId, tx);
        const waiting = await admin.waiting(accountId, tx);
        if (!waiting.length) return [];
        const candidates: Candidate[] = (await admin.candidates(accountId, tx)).map((c) => ({ ...c, name: c.user.name }));
        if (!candidates.length) return [];
        const assigned: Array<{ chatId: number; userId: number }> = [];
        for (const chat of waiting) {
          const pick = pickAttendant(candidates, chat.locationId);
          if (!pick) continue;
          const at = clock();
          const moved = await chats.update(accountId, chat.id, { status: 'open', attendantUserId: pick.userId, assignedAt: at }, { status: 'waiting', attendantUserId: null }, tx);
          if (!moved) continue;
          await chats.event(accountId, chat.id, { kind: 'assigned', toUserId: pick.userId }, tx);
          await chats.event(accountId, chat.id, { kind: 'status', fromStatus: 'waiting', toStatus: 'open' }, tx);
          await admin.touchAssigned(accountId, pick.userId, at, tx);
          pick.open += 1;
          pick.lastAssignedAt = at;
          assigned.push({ chatId: chat.id, userId: pick.userId });
        }
        return assigned;
      });
      if (done.length) await chats.changed(accountId);
      for (const a of done) {
        const row = await chats.find(accountId, a.chatId);
        if (!row?.attendant) continue;
        const chat = toChatSummary(row);
        notify(accountId, { type: 'chat.assigned', chat_id: row.id, attendant: { user_id: row.attendant.id, name: row.attendant.name }, chat }, [a.userId]);
        notify(accountId, { type: 'chat.status', chat_id: row.id, status: 'open', previous: 'waiting', chat }, [a.userId]);
      }
      return done;
    },
  };
}
export type ChatAssignment = ReturnType<typeof createChatAssignment>;
