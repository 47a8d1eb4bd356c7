import { BenchResult, Measurement } from './measurement';

export interface BenchOutcome {
  name: string;
  title: string;
  description: string;
  result?: BenchResult;
  error?: string;
  /** Why no figure was taken (the subject does not exist yet). */
  skipped?: string;
}

export interface RunInfo {
  date: string;
  node: string;
  cpus: string;
  postgres: string;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  size: number;
  concurrency: number;
  warmupSec: number;
  durationSec: number;
  rounds: number;
  totalSec: number;
}

/** subject / floor, on rates: 0.41 means the subject does 41% of the floor's work per second. */
export function ratio(subject: Measurement, floor: Measurement): number {
  return floor.rate > 0 ? subject.rate / floor.rate : NaN;
}

export function formatRate(n: number): string {
  if (!Number.isFinite(n)) return '-';
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(n >= 10 ? 1 : 2);
}

export function formatMs(n: number): string {
  if (!Number.isFinite(n)) return '-';
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2);
}

/** "GET /app/house/user: 2,900 req/s = 0.41x of bare pg (7,100 op/s)" */
export function summaryLines(o: BenchOutcome): string[] {
  if (o.skipped) return [`${o.title}: skipped: ${o.skipped}`];
  if (!o.result) return [`${o.title}: FAILED: ${o.error}`];
  const s = o.result.subject;
  if (!o.result.floors.length) return [`${o.title}: ${formatRate(s.rate)} ${s.unit}`];
  return o.result.floors.map(
    (f) => `${o.title}: ${formatRate(s.rate)} ${s.unit} = ${ratio(s, f).toFixed(2)}x of ${f.label} (${formatRate(f.rate)} ${f.unit})`,
  );
}

export function hasErrors(o: BenchOutcome): boolean {
  if (o.skipped) return false;
  return !o.result || [o.result.subject, ...o.result.floors].some((m) => m.errors > 0);
}

/** The figures as a plain-text table (the same rows go into docs/performance.md as Markdown with `--markdown`). */
export function renderTable(outcomes: BenchOutcome[], markdown = false): string {
  const head = ['benchmark', 'measured', 'rate', 'unit', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'subject / this'];
  const rows: string[][] = [];
  for (const o of outcomes) {
    if (!o.result) {
      rows.push([o.name, (o.skipped ? `skipped: ${o.skipped}` : `FAILED: ${o.error ?? ''}`).slice(0, 80), '', '', '', '', '', '', '']);
      continue;
    }
    const { subject, floors } = o.result;
    const row = (m: Measurement, first: boolean, r: string) => [
      first ? o.name : '',
      first ? m.label : `  floor: ${m.label}`,
      formatRate(m.rate),
      m.unit,
      formatMs(m.p50),
      formatMs(m.p95),
      formatMs(m.p99),
      String(m.errors),
      r,
    ];
    rows.push(row(subject, true, ''));
    for (const f of floors) rows.push(row(f, false, `${ratio(subject, f).toFixed(2)}x`));
  }
  if (markdown) {
    const esc = (c: string) => c.replace(/\|/g, '\\|');
    return [
      `| ${head.join(' | ')} |`,
      `|${head.map((_, i) => (i >= 2 && i !== 3 ? '---:' : '---')).join('|')}|`,
      ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
    ].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const numeric = (i: number) => i >= 2 && i !== 3;
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function renderInfo(info: RunInfo): string {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  return [
    `date ${info.date}; node ${info.node}; ${info.cpus}; ${info.postgres}`,
    `demo size ${info.size}; ${info.concurrency} connections; per figure: warm-up ${info.warmupSec} s, then ${info.durationSec} s measured in ${info.rounds} interleaved rounds; run took ${info.totalSec.toFixed(0)} s`,
    `load average before ${load(info.loadAverageBefore)}, after ${load(info.loadAverageAfter)}`,
  ].join('\n');
}
