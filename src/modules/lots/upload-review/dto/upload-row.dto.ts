import { Allow } from 'class-validator';
import { SheetLotDto } from '../../spreadsheets/dto/lots-update.dto';

/**
 * An edited review-list row (`PUT /api/lot-upload-rows/{id}`): the Lot page's fields and the
 * Consignor. `row` and `errors` (what the list answered) are accepted and ignored, so a client
 * may send the record back as it got it.
 */
export class UploadRowDto extends SheetLotDto {
  @Allow() row?: unknown;
  @Allow() errors?: unknown;
}
