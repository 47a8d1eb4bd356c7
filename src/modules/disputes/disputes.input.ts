/**
 * Bodies of the dispute calls: types and per-field checks (the global ValidationPipe refuses any
 * other field), then cleaning here with the spec's messages.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  DISPUTE_ACTIONS,
  DISPUTE_MAX_IDS,
  DISPUTE_MESSAGE_MAX,
  DISPUTE_TEXT as T,
  isOpenableReason,
  MUTUAL_RESOLUTION_TYPE_ID,
  type DisputeAction,
} from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';

const INT4 = 2_147_483_647;

export class DisputeActionDto {
  @ApiProperty({ enum: DISPUTE_ACTIONS })
  @IsIn(DISPUTE_ACTIONS as DisputeAction[], { message: T.badAction })
  action!: DisputeAction;

  @ApiPropertyOptional({ description: 'Required for send (and open); kept in the thread for the other actions.' })
  @IsOptional()
  @IsString({ message: T.messageRequired })
  message?: string | null;

  @ApiPropertyOptional({ type: [Number], description: 'close, cancel, reopen, send: the selected disputes.' })
  @IsOptional()
  @IsArray({ message: T.disputeIDs })
  @ArrayMaxSize(DISPUTE_MAX_IDS, { message: T.disputeIDs })
  @IsInt({ each: true, message: T.disputeIDs })
  @Min(1, { each: true, message: T.disputeIDs })
  @Max(INT4, { each: true, message: T.disputeIDs })
  disputeIDs?: number[];

  @ApiPropertyOptional({ type: [Number], description: 'open: the lots (transactionID = lot id of the sale results).' })
  @IsOptional()
  @IsArray({ message: T.transactionIDs })
  @ArrayMaxSize(DISPUTE_MAX_IDS, { message: T.transactionIDs })
  @IsInt({ each: true, message: T.transactionIDs })
  @Min(1, { each: true, message: T.transactionIDs })
  @Max(INT4, { each: true, message: T.transactionIDs })
  transactionIDs?: number[];

  @ApiPropertyOptional({ description: 'open: a reason of disputeTypes, or a Resolution Detail of mutualResolution.' })
  @IsOptional()
  @IsInt({ message: T.selectReason })
  @Min(1, { message: T.selectReason })
  @Max(INT4, { message: T.selectReason })
  reasonID?: number;

  @ApiPropertyOptional({ description: "The sender's userRef (legacy); if sent it must be the signed-in user's." })
  @IsOptional()
  @IsString({ message: T.userMismatch })
  @MaxLength(64, { message: T.userMismatch })
  houseUserRef?: string | null;
}

export class AcceptTermsDto {
  @ApiProperty({ description: 'Must be true.' })
  @IsOptional()
  @IsBoolean({ message: T.mustAgree })
  accepted?: boolean;
}

export class DisputeLotsDto {
  @ApiProperty({ type: [String], description: 'The selected lots by lotRef (1 to 200).' })
  @IsArray({ message: T.selectLots })
  @ArrayMaxSize(DISPUTE_MAX_IDS, { message: T.selectLots })
  @IsString({ each: true, message: T.selectLots })
  @MaxLength(32, { each: true, message: T.selectLots })
  lotRefs!: string[];
}

export interface OpenDisputeInput {
  transactionIDs: number[];
  reasonID: number;
  message: string;
}

export interface DisputeActionInput {
  action: Exclude<DisputeAction, 'open'>;
  disputeIDs: number[];
  message: string;
}

const chars = (s: string) => Array.from(s).length;
const clean = (m: string | null | undefined) => (m ?? '').replace(/\r\n?/g, '\n').trim();

/** Open: lots, a reason and a message ("Message is required!" on this form). */
export function parseOpen(body: DisputeActionDto): OpenDisputeInput {
  const message = clean(body.message);
  const errors: Record<string, string> = {};
  const ids = [...new Set(body.transactionIDs ?? [])];
  if (!ids.length) errors.transactionIDs = T.selectLots;
  if (body.reasonID === MUTUAL_RESOLUTION_TYPE_ID) errors.reasonID = T.selectResolution;
  else if (body.reasonID === undefined || !isOpenableReason(body.reasonID)) errors.reasonID = T.selectReason;
  if (!message) errors.message = T.openMessageRequired;
  else if (chars(message) > DISPUTE_MESSAGE_MAX) errors.message = T.messageTooLong;
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return { transactionIDs: ids, reasonID: body.reasonID!, message };
}

/** send, close, cancel, reopen: the selection and the message (required for send by the action rules). */
export function parseAction(body: DisputeActionDto): DisputeActionInput {
  const message = clean(body.message);
  if (chars(message) > DISPUTE_MESSAGE_MAX) throw DomainError.validation({ message: T.messageTooLong }, T.messageTooLong);
  return { action: body.action as DisputeActionInput['action'], disputeIDs: [...new Set(body.disputeIDs ?? [])], message };
}
