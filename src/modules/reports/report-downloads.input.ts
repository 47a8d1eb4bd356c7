/**
 * Queries of the report downloads (spec 001: `?catalogRefs={refs}` for the screen's selection,
 * `?catalogRef=` for one session). Refs are comma-separated so the admin's items are plain links.
 */
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { REPORT_DOWNLOADS_TEXT, SALE_RESULTS_MAX_CATALOGS, SALE_RESULTS_TEXT as T } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';

const REF_MAX = 32;

export class SessionsReportQueryDto {
  @ApiProperty({ description: `The selected sessions' catalogRefs, comma-separated (1 to ${SALE_RESULTS_MAX_CATALOGS}), one currency.` })
  @IsString({ message: T.catalogRefs })
  @MaxLength(SALE_RESULTS_MAX_CATALOGS * (REF_MAX + 1), { message: T.catalogRefs })
  catalogRefs!: string;
}

export class SessionReportQueryDto {
  @ApiProperty({ description: "One session's catalogRef." })
  @IsString({ message: REPORT_DOWNLOADS_TEXT.catalogRef })
  @MinLength(1, { message: REPORT_DOWNLOADS_TEXT.catalogRef })
  @MaxLength(REF_MAX, { message: REPORT_DOWNLOADS_TEXT.catalogRef })
  catalogRef!: string;
}

/** The selection as the Sale Results download checks it: 1 to 100 refs, duplicates once. */
export function parseCatalogRefs(q: SessionsReportQueryDto): string[] {
  const refs = q.catalogRefs
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!refs.length) throw DomainError.validation({ catalogRefs: T.selectSessions }, T.selectSessions);
  if (refs.length > SALE_RESULTS_MAX_CATALOGS || refs.some((r) => r.length > REF_MAX)) {
    throw DomainError.validation({ catalogRefs: T.catalogRefs }, T.catalogRefs);
  }
  return [...new Set(refs)];
}

export function parseCatalogRef(q: SessionReportQueryDto): string {
  const ref = q.catalogRef.trim();
  if (!ref) throw DomainError.validation({ catalogRef: REPORT_DOWNLOADS_TEXT.catalogRef }, REPORT_DOWNLOADS_TEXT.catalogRef);
  return ref;
}
