/** An embed token for the house's analytics dashboard and the page it is posted to. */
export interface DashboardEmbed {
  embedToken: string;
  /** The provider's embed page; the admin posts `embedToken` to it in a frame. */
  embedUrl: string;
}

/**
 * The analytics dashboard's provider (spec 001 "Analytics dashboard": an embedded third-party
 * dashboard). `null` means no provider is configured.
 */
export interface DashboardProvider {
  readonly name: string;
  embedFor(house: { houseRef: string }): Promise<DashboardEmbed | null>;
}

export const DASHBOARD_PROVIDER = Symbol('DASHBOARD_PROVIDER');

/** ANALYTICS_PROVIDER=none. */
export class NoDashboardProvider implements DashboardProvider {
  readonly name = 'none';
  async embedFor(): Promise<null> {
    return null;
  }
}

export class DashboardProviderError extends Error {}
