import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Client, Notification } from 'pg';
import { Principal } from '../../../core/auth/principal';
import { APP_CONFIG, RUNTIME } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';
import { Runtime } from '../../../core/config/runtime';

/** Channel the database triggers notify (migration `auth_notify`): `session:<id>`, `user:<id>`, `all`. */
export const AUTH_CHANNEL = 'ar_auth';
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

interface Entry {
  principal: Principal;
  until: number;
}

/**
 * Resolved sessions kept for a few seconds in this process, so a signed-in request skips the
 * session query. Triggers on staff_session, staff_user and house notify every instance over
 * LISTEN/NOTIFY when a session ends or a user or house changes, whoever changed it (logout, purge,
 * deactivation, flags, SQL by hand). Without a live LISTEN connection nothing is cached: a missed
 * notification can never keep a revoked session alive.
 */
@Injectable()
export class SessionCache implements OnModuleDestroy {
  private readonly logger = new Logger('SessionCache');
  private readonly entries = new Map<string, Entry>();
  private client?: Client;
  private connecting = false;
  private closed = false;
  private listening = false;
  private reconnectTimer?: NodeJS.Timeout;
  /** Bumped by every invalidation: a look-up that started before one must not store its result. */
  private generationCount = 0;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get ttlMs(): number {
    return this.config.sessionCacheSeconds * 1000;
  }

  get generation(): number {
    return this.generationCount;
  }

  get(sessionId: string): Principal | undefined {
    if (!this.ttlMs) return undefined;
    // Listening starts on first use, so processes that never authenticate (CLI, workers) hold no connection.
    if (!this.listening) {
      this.connect();
      return undefined;
    }
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e.principal;
  }

  /** Stores a resolved session unless something was invalidated since `generation` was read. */
  set(sessionId: string, principal: Principal, generation: number, endsAt: number): void {
    if (!this.listening || generation !== this.generationCount || !this.ttlMs) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { principal, until: Math.min(Date.now() + this.ttlMs, endsAt) });
  }

  /**
   * Forgets a user's sessions in this process at once. Called after a commit that ends or changes
   * them: the trigger's notification arrives asynchronously and may lose the race with the next
   * request this process serves (the user's own, right after the response).
   */
  forgetUser(userId: number): void {
    this.invalidate(`user:${userId}`);
  }

  invalidate(payload: string): void {
    this.generationCount++;
    const [kind, id] = payload.split(':', 2);
    if (kind === 'session') {
      this.entries.delete(id);
    } else if (kind === 'user') {
      for (const [key, e] of this.entries) if (String(e.principal.userId) === id) this.entries.delete(key);
    } else {
      this.entries.clear();
    }
  }

  private connect(): void {
    if (this.connecting || this.closed || this.reconnectTimer) return;
    this.connecting = true;
    const client = new Client({ connectionString: this.runtime.databaseUrl });
    client.on('notification', (n: Notification) => this.invalidate(n.payload ?? 'all'));
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${AUTH_CHANNEL}`))
      .then(() => {
        this.connecting = false;
        if (this.closed) return void client.end().catch(() => undefined);
        this.client = client;
        this.listening = true;
      })
      .catch((e: unknown) => {
        this.connecting = false;
        this.lost(client, e);
      });
  }

  /** Anything cached may have missed a notification: forget it all and stop caching until listening again. */
  private lost(client: Client, e?: unknown): void {
    if (this.client && this.client !== client) return;
    if (this.listening && !this.closed)
      this.logger.warn(`LISTEN connection lost${e ? `: ${String(e)}` : ''}; session cache off until it is back`);
    this.listening = false;
    this.client = undefined;
    this.generationCount++;
    this.entries.clear();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (!this.closed && !this.reconnectTimer) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        this.connect();
      }, RECONNECT_MS);
      this.reconnectTimer.unref();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.entries.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
