/**
 * Bodies of the EOA corrections. The values are read by the shared rules (@ar/rules parseHammer,
 * parsePaddle: text or a number, exact cents), so the fields are only declared here (the global
 * ValidationPipe refuses any other field) and checked with the spec-style messages in `read*`.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EOA_CHANNELS,
  EOA_PAGE_SIZES,
  EOA_RESULTS,
  EOA_SORTS,
  EOA_TEXT,
  parseHammer,
  REPORT_DOWNLOADS_TEXT,
  parsePaddle,
  type EoaLotFilter,
  type EoaSort,
} from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { parseRaListQuery } from '../../../core/http/ra-list-query';
import type { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../core/http/file-download';

export class EoaHammerDto {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'The hammer: at least 0, at most two decimals ("1250.50").',
  })
  @Allow()
  hammer?: unknown;
}

export class EoaBuyerDto {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'The paddle of a registered bidder of the sale.' })
  @Allow()
  paddle?: unknown;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'The hammer: required to sell a passed lot; for a sold lot, the hammer to keep or correct.',
  })
  @Allow()
  hammer?: unknown;
}

export class EoaDownloadQueryDto {
  @ApiProperty({ enum: DOWNLOAD_FORMATS })
  @IsIn(DOWNLOAD_FORMATS as DownloadFormat[], { message: 'format must be csv or xlsx.' })
  format!: DownloadFormat;
}

/** The spec's `GET eoaReports?catalogRef=` (spec 001 downloads); format as the EOA screen's download, XLSX by default. */
export class EoaReportQueryDto {
  @ApiProperty({ description: "One session's catalogRef." })
  @IsString({ message: REPORT_DOWNLOADS_TEXT.catalogRef })
  @MinLength(1, { message: REPORT_DOWNLOADS_TEXT.catalogRef })
  @MaxLength(32, { message: REPORT_DOWNLOADS_TEXT.catalogRef })
  catalogRef!: string;

  @ApiPropertyOptional({ enum: DOWNLOAD_FORMATS, default: 'xlsx' })
  @IsOptional()
  @IsIn(DOWNLOAD_FORMATS as DownloadFormat[], { message: 'format must be csv or xlsx.' })
  format?: DownloadFormat;
}

export function readHammer(raw: unknown): number {
  const h = parseHammer(raw);
  if (!h.ok) throw DomainError.validation({ hammer: h.message }, h.message);
  return h.value;
}

/** The paddle, and the hammer if one was sent (every bad field answered at once). */
export function readBuyer(body: EoaBuyerDto): { paddle: number; hammer: number | null } {
  const p = parsePaddle(body.paddle);
  const hasHammer = body.hammer !== undefined && body.hammer !== null && body.hammer !== '';
  const h = hasHammer ? parseHammer(body.hammer) : null;
  const errors: Record<string, string> = {};
  if (!p.ok) errors.paddle = p.message;
  if (h && !h.ok) errors.hammer = h.message;
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return { paddle: (p as { value: number }).value, hammer: h && h.ok ? h.value : null };
}

/** A page of the EOA lot list: react-admin's range and sort, and the reconciliation filters. */
export interface EoaLotsQuery {
  sort: { field: EoaSort; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  filter: EoaLotFilter;
}

/**
 * `?range=[0,49]&sort=["hammer","DESC"]&filter={"result":"Sold","channel":"INV","q":"12"}`; pages of
 * at most 500 rows (50 when no range). A bad filter value answers its field's message.
 */
export function parseEoaLotsQuery(query: RaListQueryDto): EoaLotsQuery {
  const q = parseRaListQuery(query, {
    sortable: EOA_SORTS,
    defaultSort: { field: 'lotNumber', order: 'ASC' },
    defaultLimit: EOA_PAGE_SIZES[0],
  });
  const filter: EoaLotFilter = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(q.filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'result') {
      if ((EOA_RESULTS as readonly unknown[]).includes(value)) filter.result = value as EoaLotFilter['result'];
      else errors.result = EOA_TEXT.filterResult;
    } else if (key === 'channel') {
      if ((EOA_CHANNELS as readonly unknown[]).includes(value)) filter.channel = value as EoaLotFilter['channel'];
      else errors.channel = EOA_TEXT.filterChannel;
    } else if (key === 'q') {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
      if (text === null || text.length > 32) errors.q = EOA_TEXT.filterSearch;
      else if (text) filter.q = text;
    } else errors[key] = EOA_TEXT.filterUnknown(key);
  }
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return { sort: q.sort as EoaLotsQuery['sort'], offset: q.offset, limit: q.limit, filter };
}
