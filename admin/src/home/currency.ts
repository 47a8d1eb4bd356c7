/** '$' for USD, '€' for EUR, 'CA$' for CAD (en-US display, as the server's money-json answers it); the code when unknown. */
export function currencySymbolOf(code: string): string {
  const c = code.trim().toUpperCase();
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? c
    );
  } catch {
    return c;
  }
}
