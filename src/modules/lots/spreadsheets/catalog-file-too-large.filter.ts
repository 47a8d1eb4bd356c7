import { ArgumentsHost, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { CATALOG_FILE_TEXT } from '@ar/rules';

/** Multer stops reading past 50 MB; the answer carries the spec's message (001 section 5) instead of multer's. */
@Catch(PayloadTooLargeException)
export class CatalogFileTooLargeFilter implements ExceptionFilter {
  catch(_e: PayloadTooLargeException, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json({ statusCode: 413, code: 'FILE_TOO_LARGE', message: CATALOG_FILE_TEXT.tooLarge });
  }
}
