/**
 * Reading an invoice's audit trail, newest first, a page at a time. Scoped by house: another
 * house's invoice is not found. Three small queries (the invoice's lines for lot numbers, the
 * page, the count), whatever the trail's length.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { auditEntryView, type AuditEntryView } from './audit.view';

export interface AuditPage {
  invoiceID: number;
  entries: AuditEntryView[];
  totalRecords: number;
  page: number;
  size: number;
}

export const AUDIT_DEFAULT_SIZE = 100;
export const AUDIT_MAX_SIZE = 500;

@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  async trail(houseId: number, invoiceId: number, page: number, size: number): Promise<AuditPage> {
    const conn = this.em.getConnection();
    const lines = await conn.execute(
      `select l.id, l.lot_number, l.lot_ext, (select count(*) from invoice_audit a where a.invoice_id = i.id and a.house_id = i.house_id)::int as n
         from invoice i left join invoice_line l on l.invoice_id = i.id and l.house_id = i.house_id
        where i.id = ? and i.house_id = ?`,
      [invoiceId, houseId],
    );
    if (!lines.length) throw new EditingError(EditingErrorCode.INVOICE_NOT_FOUND, 'Invoice not found.');
    const lotNumbers = new Map<number, string>();
    for (const l of lines) if (l.id !== null) lotNumbers.set(l.id, `${l.lot_number ?? ''}${l.lot_ext ?? ''}`);
    const rows = await conn.execute(
      `select id, line_id, user_id, user_name, action, before, after, created_at from invoice_audit
        where invoice_id = ? and house_id = ? order by created_at desc, id desc limit ? offset ?`,
      [invoiceId, houseId, size, (page - 1) * size],
    );
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;
    return {
      invoiceID: invoiceId,
      entries: rows.map((r) =>
        auditEntryView(
          {
            id: r.id,
            lineId: r.line_id ?? null,
            userId: r.user_id ?? null,
            userName: r.user_name,
            action: r.action,
            before: json(r.before),
            after: json(r.after),
            createdAt: new Date(r.created_at),
          },
          lotNumbers,
        ),
      ),
      totalRecords: lines[0].n as number,
      page,
      size,
    };
  }
}
