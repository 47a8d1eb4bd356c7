import { MikroORM } from '@mikro-orm/postgresql';
import { Command, Option } from 'nest-commander';
import { AutoChargeService } from '../../src/modules/invoicing/payments/auto-charge/auto-charge.service';
import { CliCommand, CliError, cliOut } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- autocharge-run [--date YYYY-MM-DD]`: the scheduled auto-charge run, by hand.
 * Without a date each house's own today is used, as the schedule does. Safe to run next to the
 * schedule: each invoice is tried once per window and charged exactly once. Exit code 1 when a
 * charge did not go through for another reason than a decline (run payments-reconcile then).
 */
@Command({
  name: 'autocharge-run',
  description: 'Charge every invoice whose auto-charge date has come (today in each house, or --date) and that is still eligible.',
})
export class AutochargeRunCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly autoCharge: AutoChargeService,
  ) {
    super();
  }

  @Option({ flags: '--date <YYYY-MM-DD>', description: 'Charge invoices due on or before this date (default: today in each house).' })
  parseDate(raw: string): string {
    return raw;
  }

  protected async execute(o: { date?: string }): Promise<void> {
    const date = o.date?.trim();
    if (date !== undefined && !validDate(date)) throw new CliError(`--date must be a date as YYYY-MM-DD (got "${o.date}").`);
    await requireCurrentSchema(this.orm);
    const r = await this.autoCharge.run(date);
    cliOut(`Auto-charge run${date ? ` for ${date}` : ''}: ${r.examined} due invoice(s) examined.`);
    cliOut(`charged ${r.charged}, declined ${r.declined}, not charged ${r.notCharged}, waiting ${r.waiting}, gave up ${r.gaveUp}`);
    cliOut(`payment reminders queued: ${r.remindersQueued}`);
    if (r.notCharged > 0) process.exitCode = 1;
  }
}

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
