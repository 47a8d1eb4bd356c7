import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { OutboxListItem, OutboxMessage } from '@ar/rules';
import { CurrentPrincipal, RequireSuperUser } from '../auth/access.decorators';
import { Principal } from '../auth/principal';
import { DomainError } from '../errors/domain-error';
import { IdParam } from '../http/id-param';
import { contentRange, parseRaListQuery } from '../http/ra-list-query';
import { RaListQueryDto } from '../http/ra-list-query.dto';
import { MailStatus } from './mail-message.entity';
import { MailService } from './mail.service';

const MAIL_STATUSES: readonly MailStatus[] = ['queued', 'sending', 'sent', 'failed'];
const FILTERS = ['status', 'kind'];
const notFound = () => DomainError.notFound('Mail');

/** An attachment's position in its message: digits only (0 is the first), else no such attachment. */
function attachmentIndex(raw: string): number {
  if (!/^(0|[1-9]\d{0,3})$/.test(raw)) throw notFound();
  return Number(raw);
}

/** A file name safe inside a quoted header value (the original stays in the outbox row). */
const headerFileName = (name: string) => name.replace(/[^\w.() -]/g, '_');

/**
 * `/api/mail-outbox`, the dev outbox of the admin (`/dev/outbox`), react-admin list conventions:
 * for super users (internal staff), to read what was sent or is waiting without SMTP, its HTML and
 * its attachments. Their own house's mail only: super users are staff of their own house
 * (test/identity/tenancy.e2e.ts), and another house's message is not found.
 */
@ApiTags('mail')
@Controller('api/mail-outbox')
export class MailOutboxController {
  constructor(private readonly mail: MailService) {}

  @RequireSuperUser()
  @Get()
  @ApiOperation({
    summary: 'List, newest first (sort by id); filter={"status": queued|sending|sent|failed, "kind": text}; total in Content-Range',
  })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OutboxListItem[]> {
    const q = parseRaListQuery(query, { sortable: ['id', 'createdAt'], defaultSort: { field: 'id', order: 'DESC' } });
    const unknown = Object.keys(q.filter).filter((k) => !FILTERS.includes(k));
    if (unknown.length) throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${unknown[0]}.`);
    const { status, kind } = q.filter;
    if (status !== undefined && !MAIL_STATUSES.includes(status as MailStatus)) {
      throw new DomainError('bad_request', 'BAD_QUERY', `Status must be one of ${MAIL_STATUSES.join(', ')}.`);
    }
    if (kind !== undefined && (typeof kind !== 'string' || kind.length > 60)) {
      throw new DomainError('bad_request', 'BAD_QUERY', 'Kind must be text of at most 60 characters.');
    }
    const { rows, total } = await this.mail.page(p.houseId, {
      status: status as string | undefined,
      kind: kind as string | undefined,
      offset: q.offset,
      limit: q.limit,
      // id and createdAt grow together.
      order: q.sort?.order ?? 'DESC',
    });
    res.setHeader('Content-Range', contentRange('mail-outbox', q.offset, rows.length, total));
    return rows;
  }

  @RequireSuperUser()
  @Get(':id')
  @ApiOperation({
    summary: 'One message: addresses, subject, text and HTML bodies, status, and attachments [{ index, filename, contentType }]',
  })
  async getOne(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<OutboxMessage> {
    const m = await this.mail.message(p.houseId, id);
    if (!m) throw notFound();
    return m;
  }

  @RequireSuperUser()
  @Get(':id/attachments/:index')
  @ApiOperation({ summary: 'The bytes of an attachment, with its Content-Type, shown inline' })
  async attachment(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', notFound) id: number,
    @Param('index') index: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.mail.attachment(p.houseId, id, attachmentIndex(index));
    if (!file) throw notFound();
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `inline; filename="${headerFileName(file.filename)}"`);
    res.setHeader('Content-Length', String(file.content.length));
    res.end(file.content);
  }
}
