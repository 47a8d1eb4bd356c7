import { DashboardEmbed, DashboardProvider, DashboardProviderError } from './dashboard-provider';

export interface DomoOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  embedId: string;
  embedUrl: string;
  timeoutMs?: number;
}

/**
 * Domo "programmatic filtering" embed: an OAuth client-credentials token, then an embed token for
 * the one dashboard, filtered to the caller's house (column `houseRef`), so one dashboard serves every
 * house and a house sees only its rows.
 */
export class DomoDashboardProvider implements DashboardProvider {
  readonly name = 'domo';

  constructor(private readonly o: DomoOptions) {}

  async embedFor(house: { houseRef: string }): Promise<DashboardEmbed> {
    const basic = Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString('base64');
    const auth = await this.call<{ access_token?: unknown }>(
      '/oauth/token?grant_type=client_credentials&scope=data%20audit%20user%20dashboard',
      {
        method: 'GET',
        headers: { authorization: `Basic ${basic}` },
      },
    );
    if (typeof auth.access_token !== 'string') throw new DashboardProviderError('domo: no access token');
    const embed = await this.call<{ authentication?: unknown }>('/v1/stories/embed/auth', {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionLength: 1440,
        authorizations: [
          {
            token: this.o.embedId,
            permissions: ['READ', 'FILTER', 'EXPORT'],
            filters: [{ column: 'houseRef', operator: 'IN', values: [house.houseRef] }],
          },
        ],
      }),
    });
    if (typeof embed.authentication !== 'string' || !embed.authentication) throw new DashboardProviderError('domo: no embed token');
    return { embedToken: embed.authentication, embedUrl: `${this.o.embedUrl}/${encodeURIComponent(this.o.embedId)}` };
  }

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.o.apiUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new DashboardProviderError(`domo unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new DashboardProviderError(`domo ${path.split('?')[0]} answered ${res.status}`);
    return ((await res.json().catch(() => ({}))) ?? {}) as T;
  }
}
