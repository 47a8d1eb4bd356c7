/**
 * The spec's legacy menu links (001 "App shell": /ah/reports/sessionResults, /ah/customers/feedback,
 * /ah/customers/viewDisputes, /ar/campaign-reporting, /ar/your-customers) and the admin paths (under
 * /ar) of their screens. The server redirects the /ah/ ones at the site root; the admin redirects
 * any of them reached inside /ar.
 */
export const LEGACY_LINKS: readonly { from: string; to: string }[] = [
  { from: '/ah/reports/sessionResults', to: '/reports/sessionResults' },
  { from: '/ah/customers/feedback', to: '/customers/feedback/default' },
  { from: '/ah/customers/viewDisputes', to: '/customers/viewDisputes' },
  // Written with the base path: inside the admin they arrive as /ar/ar/...
  { from: '/ar/campaign-reporting', to: '/campaign-reporting' },
  { from: '/ar/your-customers', to: '/your-customers' },
];
