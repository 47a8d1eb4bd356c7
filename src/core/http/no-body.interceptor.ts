import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import { takesBody } from './route-args';

/**
 * A handler that declares no `@Body()` reads no body: any field sent to it is unknown, and is
 * refused like the ValidationPipe refuses an undeclared field of a DTO (400 UNKNOWN_FIELDS), so a
 * call such as `DELETE /api/locations/7` with `{ "toString": 1 }` changes nothing.
 */
@Injectable()
export class NoBodyInterceptor implements NestInterceptor {
  private readonly cache = new Map<unknown, boolean>();

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() === 'http') {
      const handler = ctx.getHandler();
      let declared = this.cache.get(handler);
      if (declared === undefined) {
        declared = takesBody(ctx.getClass(), handler.name);
        this.cache.set(handler, declared);
      }
      const body = ctx.switchToHttp().getRequest<Request>().body as unknown;
      if (!declared && body && typeof body === 'object') {
        const keys = Object.keys(body);
        if (keys.length) {
          throw new DomainError(
            'bad_request',
            'UNKNOWN_FIELDS',
            `Unknown field(s): ${keys.join(', ')}.`,
            Object.fromEntries(keys.map((k) => [k, `property ${k} should not exist`])),
          );
        }
      }
    }
    return next.handle();
  }
}
