/**
 * Bodies of the sale results calls: types and per-field checks with the spec's messages (the global
 * ValidationPipe refuses any other field), then cleaning (trimmed, one-line subject) here.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  SALE_RESULTS_MAX_CATALOGS,
  SALE_RESULTS_MESSAGE_MAX,
  SALE_RESULTS_SEARCH_MAX,
  SALE_RESULTS_SUBJECT_MAX,
  SALE_RESULTS_TEXT as T,
} from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../core/http/file-download';

export class SaleResultsLotsDto {
  @ApiProperty({ type: [String], description: `The selected sessions' catalogRefs (1 to ${SALE_RESULTS_MAX_CATALOGS}), one currency.` })
  @IsArray({ message: T.catalogRefs })
  @ArrayMinSize(1, { message: T.selectSessions })
  @ArrayMaxSize(SALE_RESULTS_MAX_CATALOGS, { message: T.catalogRefs })
  @IsString({ each: true, message: T.catalogRefs })
  @MaxLength(32, { each: true, message: T.catalogRefs })
  catalogRefs!: string[];

  @ApiPropertyOptional({ description: "Bidder search: part of the buyer's first name, last name, full name or email." })
  @IsOptional()
  @IsString({ message: T.search })
  @MaxLength(SALE_RESULTS_SEARCH_MAX, { message: T.search })
  search?: string | null;
}

/** The download's query: the screen's selection (refs comma-separated: a link the browser follows) and search. */
export class SaleResultsDownloadQueryDto {
  @ApiProperty({ enum: DOWNLOAD_FORMATS })
  @IsIn(DOWNLOAD_FORMATS as DownloadFormat[], { message: 'format must be csv or xlsx.' })
  format!: DownloadFormat;

  @ApiProperty({ description: "The selected sessions' catalogRefs, comma-separated." })
  @IsString({ message: T.catalogRefs })
  @MaxLength(SALE_RESULTS_MAX_CATALOGS * 33, { message: T.catalogRefs })
  catalogRefs!: string;

  @ApiPropertyOptional({ description: 'The bidder search, as on the screen.' })
  @IsOptional()
  @IsString({ message: T.search })
  @MaxLength(SALE_RESULTS_SEARCH_MAX, { message: T.search })
  search?: string;
}

export class BidderMessageDto {
  @ApiPropertyOptional({ description: "The sender's userRef (legacy); if sent it must be the signed-in user's." })
  @IsOptional()
  @IsString({ message: T.userMismatch })
  houseUserRef?: string | null;

  @ApiProperty({ description: "The bidder's memberRef." })
  @IsString({ message: T.userRef })
  @MaxLength(32, { message: T.userRef })
  userRef!: string;

  @ApiProperty({ description: `Required, at most ${SALE_RESULTS_SUBJECT_MAX} characters (one line).` })
  @IsOptional()
  @IsString({ message: T.subjectRequired })
  subject?: string;

  @ApiProperty({ description: `Required, at most ${SALE_RESULTS_MESSAGE_MAX} characters.` })
  @IsOptional()
  @IsString({ message: T.messageRequired })
  message?: string;
}

export interface SaleResultsQuery {
  catalogRefs: string[];
  search: string | null;
}

export interface BidderMessageInput {
  houseUserRef: string | null;
  userRef: string;
  subject: string;
  message: string;
}

export function parseSaleResultsQuery(body: SaleResultsLotsDto): SaleResultsQuery {
  return { catalogRefs: [...new Set(body.catalogRefs)], search: body.search?.trim() || null };
}

/** The download's selection, checked as the screen's body is. */
export function parseSaleResultsDownload(q: SaleResultsDownloadQueryDto): SaleResultsQuery {
  const refs = q.catalogRefs
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!refs.length) throw DomainError.validation({ catalogRefs: T.selectSessions }, T.selectSessions);
  if (refs.length > SALE_RESULTS_MAX_CATALOGS || refs.some((r) => r.length > 32)) {
    throw DomainError.validation({ catalogRefs: T.catalogRefs }, T.catalogRefs);
  }
  return { catalogRefs: [...new Set(refs)], search: q.search?.trim() || null };
}

const chars = (s: string) => Array.from(s).length;

/** Subject one line (control characters become spaces), message with its line breaks; both trimmed and required. */
export function parseBidderMessage(body: BidderMessageDto): BidderMessageInput {
  const subject = (body.subject ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const message = (body.message ?? '').replace(/\r\n?/g, '\n').trim();
  const errors: Record<string, string> = {};
  if (!subject) errors.subject = T.subjectRequired;
  else if (chars(subject) > SALE_RESULTS_SUBJECT_MAX) errors.subject = T.subjectTooLong;
  if (!message) errors.message = T.messageRequired;
  else if (chars(message) > SALE_RESULTS_MESSAGE_MAX) errors.message = T.messageTooLong;
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return { houseUserRef: body.houseUserRef?.trim() || null, userRef: body.userRef.trim(), subject, message };
}
