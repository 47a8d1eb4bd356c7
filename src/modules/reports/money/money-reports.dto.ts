import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MONEY_REPORT_TEXT } from '@ar/rules';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../../core/http/file-download';
import { DateRangeDto } from '../../accounting/dto/accounting.dto';

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both included (the accounting range: same words, at most 366 days). */
export class MoneyReportQueryDto extends DateRangeDto {}

/** The range and `format=csv|xlsx`. */
export class MoneyReportDownloadDto extends DateRangeDto {
  @ApiProperty({ enum: DOWNLOAD_FORMATS })
  @IsIn(DOWNLOAD_FORMATS as DownloadFormat[], { message: MONEY_REPORT_TEXT.format })
  format!: DownloadFormat;
}
