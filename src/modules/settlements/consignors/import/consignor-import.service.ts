import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { readSheet } from '../../../lots/spreadsheets/sheet-reader';
import { Consignor } from '../consignor.entity';
import {
  CONSIGNOR_SHEET_TEXT,
  emailKey,
  mapConsignorSheet,
  nameKey,
  type ConsignorColumn,
  type ConsignorRow,
  type RowError,
} from './consignor-sheet';

export interface ConsignorImport {
  created: number;
  updated: number;
  errors: RowError[];
  columns: Partial<Record<ConsignorColumn, string>>;
  rowCount: number;
}

export type ImportProgress = (stage: string, done: number, total: number) => void;

/** What a row matches among the house's consignors: one of them, none (a new one), or an error. */
export function matchConsignor(
  row: ConsignorRow['fields'],
  byEmail: ReadonlyMap<string, Consignor>,
  byName: ReadonlyMap<string, readonly Consignor[]>,
): Consignor | null | { error: string } {
  const email = emailKey(row.email);
  const found = email ? byEmail.get(email) : undefined;
  if (found) return found;
  // By name only where the emails cannot tell two people apart (either side has none).
  const named = (byName.get(nameKey(row.name)) ?? []).filter((c) => !email || !c.email);
  if (named.length > 1) return { error: CONSIGNOR_SHEET_TEXT.ambiguous(row.name) };
  return named[0] ?? null;
}

/**
 * `import-consignors`: a spreadsheet of consignors into one house, all rows or none. A row
 * updates the house's consignor with its email, else with its name; other rows add consignors.
 * Only the house's consignors are read or written (tenancy).
 */
@Injectable()
export class ConsignorImportService {
  constructor(private readonly em: EntityManager) {}

  async import(houseId: number, file: { name: string; data: Buffer }, progress?: ImportProgress): Promise<ConsignorImport> {
    progress?.('reading', 0, 1);
    const read = await readSheet(file.name, file.data);
    if (!read.ok) return { created: 0, updated: 0, errors: [{ row: 0, message: read.message }], columns: {}, rowCount: 0 };
    const mapped = mapConsignorSheet(read.sheet);
    progress?.('reading', 1, 1);
    const base = { columns: mapped.columns, rowCount: read.sheet.rows.length };
    return this.em.transactional(async (em) => {
      // Serialises imports into one house, so two runs cannot both add the same consignor.
      await em.execute('select pg_advisory_xact_lock(hashtext(?), ?)', ['consignor-import', houseId]);
      const existing = await em.find(Consignor, { houseId });
      const byEmail = new Map<string, Consignor>();
      const byName = new Map<string, Consignor[]>();
      for (const c of existing) {
        const e = emailKey(c.email);
        if (e && !byEmail.has(e)) byEmail.set(e, c);
        byName.set(nameKey(c.name), [...(byName.get(nameKey(c.name)) ?? []), c]);
      }
      const errors = [...mapped.errors];
      const claimed = new Map<Consignor, number>();
      const added = new Map<string, number>();
      const plan: { row: ConsignorRow; target: Consignor | null }[] = [];
      for (const row of mapped.rows) {
        const m = matchConsignor(row.fields, byEmail, byName);
        if (m && 'error' in m) {
          errors.push({ row: row.row, message: m.error });
          continue;
        }
        // Two rows of the file for one consignor: the second is refused, not silently merged.
        const keys = m ? [] : [emailKey(row.fields.email) ?? `name:${nameKey(row.fields.name)}`];
        const earlier = m ? claimed.get(m) : keys.map((k) => added.get(k)).find((r) => r !== undefined);
        if (earlier !== undefined) {
          errors.push({ row: row.row, message: CONSIGNOR_SHEET_TEXT.duplicate(earlier) });
          continue;
        }
        if (m) claimed.set(m, row.row);
        else keys.forEach((k) => added.set(k, row.row));
        plan.push({ row, target: m });
      }
      progress?.('checking', mapped.rows.length, mapped.rows.length);
      errors.sort((a, b) => a.row - b.row);
      if (errors.length) return { created: 0, updated: 0, errors, ...base };

      let created = 0;
      let updated = 0;
      for (const { row, target } of plan) {
        const values = fieldsOf(row.fields);
        if (target) {
          em.assign(target, { ...values, version: target.version + 1 });
          updated++;
        } else {
          em.create(Consignor, { houseId, ...values, name: row.fields.name, payoutMethod: values.payoutMethod ?? 'check' });
          created++;
        }
      }
      await em.flush();
      progress?.('saving', plan.length, plan.length);
      return { created, updated, errors: [], ...base };
    });
  }
}

/** The columns the file has (absent ones untouched); a blank payout method keeps the current one. */
function fieldsOf(f: ConsignorRow['fields']): Partial<Consignor> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && !(k === 'payoutMethod' && v === null)) out[k] = v;
  return out as Partial<Consignor>;
}
