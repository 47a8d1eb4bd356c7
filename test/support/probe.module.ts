import { Controller, Get, HttpCode, Injectable, Module, Post, Req, Type } from '@nestjs/common';
import type { Request } from 'express';
import { ACCESS_FLAGS, AccessFlag } from '../../src/core/auth/access-flags';
import { Public, RequireAccess, RequireSuperUser, SignedIn } from '../../src/core/auth/access.decorators';
import { Principal } from '../../src/core/auth/principal';

/**
 * Test-only routes exercising the access guard through the real application:
 * `createTestApp({ extraModules: [ProbeModule] })`. Every handler records that it ran, so a test
 * can prove a refused request never reached its handler ("nothing changes").
 *
 *   GET|POST /probe/flag/<flag>                      @RequireAccess(<flag>)   one pair per access flag
 *   GET      /probe/payments                         @RequireAccess('accessInvoices', 'accessSettlement')
 *   GET|POST /probe/super                            @RequireSuperUser()
 *   GET|POST /probe/signed-in                        @SignedIn()
 *   GET|POST /probe/public                           @Public()
 *   GET|POST /probe/undeclared                       no declaration (must be denied)
 *   GET|POST /probe/house/:houseRef/flag/<flag>      @RequireAccess(<flag>) under a houseRef
 *   GET|POST /probe/house/:houseRef/signed-in        @SignedIn() under a houseRef
 *   GET      /probe/house/:houseRef/super            @RequireSuperUser() under a houseRef
 *   GET|POST /probe/house-id/:houseID/signed-in      @SignedIn() under a numeric houseID
 *   GET      /probe/class-rule/inherited             rule from the class (@RequireAccess('accessReports'))
 *   GET      /probe/class-rule/open                  @Public() on the handler overrides the class
 */
export interface ProbeCall {
  handler: string;
  method: string;
  userName: string | null;
  houseRef: string | null;
}

@Injectable()
export class ProbeLog {
  readonly calls: ProbeCall[] = [];

  count(handler?: string): number {
    return handler ? this.calls.filter((c) => c.handler === handler).length : this.calls.length;
  }
}

type ProbeRequest = Request & { principal?: Principal };

function answer(log: ProbeLog, handler: string, req: ProbeRequest) {
  const p = req.principal;
  const call: ProbeCall = { handler, method: req.method, userName: p?.userName ?? null, houseRef: p?.houseRef ?? null };
  log.calls.push(call);
  return { data: { ...call, via: p?.via ?? null } };
}

@Controller('probe')
export class ProbeController {
  constructor(readonly log: ProbeLog) {}

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Get('payments')
  payments(@Req() req: ProbeRequest) {
    return answer(this.log, 'payments', req);
  }

  @RequireSuperUser()
  @Get('super')
  superGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'super', req);
  }

  @RequireSuperUser()
  @Post('super')
  @HttpCode(200)
  superPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'super', req);
  }

  @SignedIn()
  @Get('signed-in')
  signedInGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'signed-in', req);
  }

  @SignedIn()
  @Post('signed-in')
  @HttpCode(200)
  signedInPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'signed-in', req);
  }

  @Public()
  @Get('public')
  publicGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'public', req);
  }

  @Public()
  @Post('public')
  @HttpCode(200)
  publicPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'public', req);
  }

  // Deliberately no access declaration: the guard must deny these, whoever calls.
  @Get('undeclared')
  undeclaredGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'undeclared', req);
  }

  @Post('undeclared')
  @HttpCode(200)
  undeclaredPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'undeclared', req);
  }

  @SignedIn()
  @Get('house/:houseRef/signed-in')
  houseSignedInGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'house-signed-in', req);
  }

  @SignedIn()
  @Post('house/:houseRef/signed-in')
  @HttpCode(200)
  houseSignedInPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'house-signed-in', req);
  }

  @RequireSuperUser()
  @Get('house/:houseRef/super')
  houseSuper(@Req() req: ProbeRequest) {
    return answer(this.log, 'house-super', req);
  }

  @SignedIn()
  @Get('house-id/:houseID/signed-in')
  houseIdSignedInGet(@Req() req: ProbeRequest) {
    return answer(this.log, 'house-id-signed-in', req);
  }

  @SignedIn()
  @Post('house-id/:houseID/signed-in')
  @HttpCode(200)
  houseIdSignedInPost(@Req() req: ProbeRequest) {
    return answer(this.log, 'house-id-signed-in', req);
  }
}

/**
 * One GET and one POST handler per access flag, plain and under a houseRef, generated from
 * ACCESS_FLAGS so a flag added later is probed without touching this file. The decorators are
 * the product's own, applied exactly as `@RequireAccess(flag) @Get(path)` would apply them.
 */
function addFlagHandler(target: Type, key: string, verb: 'GET' | 'POST', path: string, flag: AccessFlag, handler: string): void {
  const fn = function (this: ProbeController, req: ProbeRequest) {
    return answer(this.log, handler, req);
  };
  Object.defineProperty(fn, 'name', { value: key });
  Object.defineProperty(target.prototype, key, { value: fn, writable: true, configurable: true, enumerable: false });
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, key)!;
  Req()(target.prototype, key, 0);
  RequireAccess(flag)(target.prototype, key, descriptor);
  (verb === 'GET' ? Get(path) : Post(path))(target.prototype, key, descriptor);
  if (verb === 'POST') HttpCode(200)(target.prototype, key, descriptor);
}

for (const flag of ACCESS_FLAGS) {
  addFlagHandler(ProbeController, `${flag}Get`, 'GET', `flag/${flag}`, flag, `flag:${flag}`);
  addFlagHandler(ProbeController, `${flag}Post`, 'POST', `flag/${flag}`, flag, `flag:${flag}`);
  addFlagHandler(ProbeController, `house${flag}Get`, 'GET', `house/:houseRef/flag/${flag}`, flag, `house-flag:${flag}`);
  addFlagHandler(ProbeController, `house${flag}Post`, 'POST', `house/:houseRef/flag/${flag}`, flag, `house-flag:${flag}`);
}

/** A rule declared on the class applies to every handler that declares none of its own. */
@RequireAccess('accessReports')
@Controller('probe/class-rule')
export class ProbeClassRuleController {
  constructor(private readonly log: ProbeLog) {}

  @Get('inherited')
  inherited(@Req() req: ProbeRequest) {
    return answer(this.log, 'class-inherited', req);
  }

  @Public()
  @Get('open')
  open(@Req() req: ProbeRequest) {
    return answer(this.log, 'class-open', req);
  }
}

@Module({ controllers: [ProbeController, ProbeClassRuleController], providers: [ProbeLog] })
export class ProbeModule {}
