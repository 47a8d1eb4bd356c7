import { LOT_CONSIGNMENT_TEXT } from '@ar/rules';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_ID } from '../../../../core/validation/int4';

const CONSIGNOR_ID = LOT_CONSIGNMENT_TEXT.consignorInvalid;

/** `PUT /api/lots/:id/consignment`: the lot's consignor (one of the house's), or null for none. */
export class LotConsignorDto {
  @ApiProperty({ type: Number, nullable: true, description: 'A consignor of the house; null: the lot has none' })
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: CONSIGNOR_ID })
  @Min(1, { message: CONSIGNOR_ID })
  @Max(MAX_ID, { message: CONSIGNOR_ID })
  consignorId!: number | null;
}
