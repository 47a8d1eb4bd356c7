import { useEffect, useState } from 'react';
import { BUILD } from './buildInfo';

export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
const VERSION_URL = `${import.meta.env.BASE_URL}version.json`;

/**
 * True once /ar/version.json names a build other than the one running. Checked at
 * start (a stale cached page is caught at once) and every 5 minutes after.
 */
export function useNewVersion(intervalMs = VERSION_CHECK_INTERVAL_MS): boolean {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    if (outdated) return;
    let stopped = false;
    const check = async () => {
      try {
        const res = await fetch(VERSION_URL, { cache: 'no-store' });
        if (!res.ok) return;
        const latest = (await res.json()) as { version?: string; buildDate?: string };
        const differs = latest.version !== BUILD.version || latest.buildDate !== BUILD.buildDate;
        if (!stopped && differs) setOutdated(true);
      } catch {
        // Offline or mid-deploy: try again at the next tick.
      }
    };
    void check();
    const timer = window.setInterval(check, intervalMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [intervalMs, outdated]);
  return outdated;
}
