import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { Response } from 'express';
import { DomainError } from './domain-error';
import { httpStatusOf } from './http-status-of';

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: Record<string, string>;
}

/** One filter for every error: a clear 4xx for bad input, a logged 500 (without internals) otherwise. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  toBody(e: unknown): ErrorBody {
    if (e instanceof DomainError) {
      return { statusCode: httpStatusOf(e.kind), code: e.code, message: e.message, ...(e.fieldErrors ? { errors: e.fieldErrors } : {}) };
    }
    if (e instanceof HttpException) {
      const status = e.getStatus();
      const r = e.getResponse();
      const message =
        typeof r === 'string'
          ? r
          : Array.isArray((r as { message?: unknown }).message)
            ? (r as { message: string[] }).message.join('; ')
            : String((r as { message?: unknown }).message ?? e.message);
      return { statusCode: status, code: codeForStatus(status), message };
    }
    // body-parser errors reach us as plain errors carrying a type and status.
    const err = e as { type?: string; status?: number; statusCode?: number; message?: string };
    if (err?.type === 'entity.parse.failed')
      return { statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
    if (err?.type === 'entity.too.large') return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    const status = err?.status ?? err?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, code: codeForStatus(status), message: err.message ?? 'Bad request.' };
    }
    if (e instanceof UniqueConstraintViolationException) {
      return { statusCode: 409, code: 'CONFLICT', message: 'This record conflicts with an existing one.' };
    }
    if (e instanceof ForeignKeyConstraintViolationException) {
      return { statusCode: 409, code: 'IN_USE', message: 'This record is referenced by other records.' };
    }
    return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error.' };
  }
}

function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
