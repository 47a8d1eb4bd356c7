import type { Socket } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { SessionCache } from '../../src/modules/houses/identity/session-cache.service';
import { waitFor } from './wait-for';

/**
 * Runs `fn` while this app's session cache reads no notification (its LISTEN socket paused, so
 * PostgreSQL's NOTIFYs wait in the socket): what the instance that made a change must forget by
 * itself, before answering, shows deterministically. The socket resumes afterwards, whatever `fn` did.
 */
export async function withNotificationsHeld<T>(app: INestApplication, fn: () => Promise<T>): Promise<T> {
  const cache = app.get(SessionCache) as unknown as { client?: { connection: { stream: Socket } } };
  if (!cache.client) throw new Error('The session cache is not listening yet: resolve a session first.');
  const socket = cache.client.connection.stream;
  socket.pause();
  try {
    return await fn();
  } finally {
    socket.resume();
  }
}

/** Asks `agent` (signed in as user `userId`) for its session until the app's session cache holds it. */
export async function untilSessionCached(
  app: INestApplication,
  agent: { get(path: string): PromiseLike<{ status: number }> },
  userId: number,
): Promise<void> {
  const cache = app.get(SessionCache) as unknown as { entries: Map<string, { principal: { userId: number } }> };
  await waitFor(
    async () => {
      const res = await agent.get('/api/auth/session');
      if (res.status !== 200) throw new Error(`the session answered ${res.status}`);
      return [...cache.entries.values()].some((e) => e.principal.userId === userId);
    },
    (cached) => cached,
    `user ${userId}'s session in the session cache`,
  );
}
