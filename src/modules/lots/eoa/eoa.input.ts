/**
 * Bodies of the EOA corrections. The values are read by the shared rules (@ar/rules parseHammer,
 * parsePaddle: text or a number, exact cents), so the fields are only declared here (the global
 * ValidationPipe refuses any other field) and checked with the spec-style messages in `read*`.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn } from 'class-validator';
import { parseHammer, parsePaddle } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
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
