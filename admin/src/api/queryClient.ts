import { QueryClient } from '@tanstack/react-query';

/**
 * The admin's react-query cache, the one react-admin would create for itself (default options),
 * made here so that a screen can start its reads before React renders (details/prefetch.ts).
 */
export const queryClient = new QueryClient();
