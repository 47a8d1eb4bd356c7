/** The version and build date this bundle was built with. */
export const BUILD = { version: __APP_VERSION__, buildDate: __BUILD_DATE__ } as const;

/** MM/DD/YYYY in UTC, as the footer shows it ("dated 06/10/2025"). */
export function formatBuildDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
