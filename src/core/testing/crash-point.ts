/**
 * A test hook for crash proofs (issue 11 "Exactly once"): `AR_CRASH_POINT=<name>` makes the process
 * kill itself with SIGKILL the first time the code reaches `crashPoint(<name>)`, as a crashed or
 * OOM-killed container would die: no catch, no finally, no shutdown hook runs, and nothing after
 * that line happens.
 *
 * Read once, when this module loads. Inert when unset (every production process), and always inert
 * under NODE_ENV=production, so a stray variable can never kill a production worker. Not a product
 * setting: it is not in ENV_VARS or the README's configuration table.
 *
 * Points in use: `charge.after-claim`, `charge.after-gateway`, `charge.after-record`
 * (CardChargingService.chargeOne; test/payments/charge-crash.e2e.ts); `lot-closing.before-commit`,
 * `lot-closing.after-slice` (LotClosingService; test/timed-bidding/closing-crash.e2e.ts).
 */
const armed: string | undefined = process.env.NODE_ENV === 'production' ? undefined : process.env.AR_CRASH_POINT?.trim() || undefined;

export function crashPoint(name: string): void {
  if (armed !== undefined && armed === name) process.kill(process.pid, 'SIGKILL');
}
