import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, PERMISSION_DENIED_TEXT } from '../errors/domain-error';
import { ACCESS_FLAGS, AccessFlag, AccessFlags } from './access-flags';
import { Public, RequireAccess, RequireAnyAccess, RequireSuperUser, SignedIn } from './access.decorators';
import { AccessGuard } from './access.guard';
import { Principal, PrincipalResolver } from './principal';

// The guard's decision order as pure logic, with a fake resolver; the e2e specs in
// test/identity/ prove the same rules through the real application and database.

const flags = (on: AccessFlag[] = []): AccessFlags => Object.fromEntries(ACCESS_FLAGS.map((f) => [f, on.includes(f)])) as AccessFlags;

const principal = (over: Partial<Principal> = {}): Principal => ({
  userId: 7,
  userRef: 'UOWNER',
  userName: 'owner',
  houseId: 1,
  houseRef: 'HAAAAAAAAAA',
  flags: flags(),
  isSuperUser: false,
  via: 'session',
  sessionId: 'sid',
  csrfToken: 'csrf-ok',
  ...over,
});

class FakeResolver implements PrincipalResolver {
  readonly sessions = new Map<string, Principal>();
  readonly tokens = new Map<string, Principal>();
  calls = 0;
  async fromSessionToken(token: string) {
    this.calls++;
    return this.sessions.get(token) ?? null;
  }
  async fromApiToken(token: string) {
    this.calls++;
    return this.tokens.get(token) ?? null;
  }
}

class Handlers {
  @Public() open() {}
  @SignedIn() signedIn() {}
  @RequireAccess('accessInvoices') invoices() {}
  @RequireAccess('accessInvoices', 'accessSettlement') payments() {}
  @RequireAnyAccess('accessCalendar', 'accessSettlement') consignor() {}
  @RequireSuperUser() superOnly() {}
  undeclared() {}
}

@RequireAccess('accessReports')
class ReportsHandlers {
  inherited() {}
  @Public() open() {}
}

interface FakeRequest {
  method: string;
  headers: Record<string, string | undefined>;
  cookies?: Record<string, string>;
  params?: Record<string, string>;
  principal?: Principal;
}

function ctx(
  handler: keyof Handlers | keyof ReportsHandlers,
  req: FakeRequest,
  cls: new () => object = Handlers,
  type = 'http',
): ExecutionContext {
  return {
    getType: () => type,
    getHandler: () => (cls.prototype as Record<string, () => void>)[handler],
    getClass: () => cls,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
}

const session = (token: string, extra: Partial<FakeRequest> = {}): FakeRequest => ({
  method: 'GET',
  headers: {},
  cookies: { ar_session: token },
  ...extra,
});

describe('AccessGuard', () => {
  let resolver: FakeResolver;
  let guard: AccessGuard;

  beforeEach(() => {
    resolver = new FakeResolver();
    resolver.sessions.set('s-none', principal({ userName: 'none' }));
    resolver.sessions.set('s-owner', principal({ flags: flags([...ACCESS_FLAGS]) }));
    resolver.sessions.set('s-invoices', principal({ flags: flags(['accessInvoices']) }));
    resolver.sessions.set('s-super', principal({ isSuperUser: true, flags: flags([...ACCESS_FLAGS]) }));
    resolver.tokens.set(
      'art_good',
      principal({ via: 'token', sessionId: undefined, csrfToken: undefined, flags: flags(['accessInvoices']) }),
    );
    guard = new AccessGuard(new Reflector(), resolver, { cookieSecure: false });
  });

  /** The DomainError code the guard throws, or 'ALLOWED'. */
  async function decide(c: ExecutionContext): Promise<string> {
    try {
      expect(await guard.canActivate(c)).toBe(true);
      return 'ALLOWED';
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      return e.code;
    }
  }

  describe('a handler without a declared rule', () => {
    it('is denied with the spec text, even for the owner and the super user', async () => {
      for (const token of ['s-owner', 's-super']) {
        const err = await guard.canActivate(ctx('undeclared', session(token))).catch((e: DomainError) => e);
        expect(err).toBeInstanceOf(DomainError);
        expect(err).toMatchObject({ kind: 'forbidden', code: 'FORBIDDEN', message: PERMISSION_DENIED_TEXT });
      }
    });

    it('is denied before anyone is authenticated: the resolver is never asked', async () => {
      expect(await decide(ctx('undeclared', session('s-owner')))).toBe('FORBIDDEN');
      expect(await decide(ctx('undeclared', { method: 'GET', headers: {} }))).toBe('FORBIDDEN');
      expect(resolver.calls).toBe(0);
    });
  });

  describe('@Public()', () => {
    it('answers without credentials', async () => {
      const req: FakeRequest = { method: 'POST', headers: {} };
      expect(await decide(ctx('open', req))).toBe('ALLOWED');
      expect(req.principal).toBeUndefined();
    });

    it('attaches the principal when there is one, and needs no CSRF token for writes', async () => {
      const req = session('s-none', { method: 'POST' });
      expect(await decide(ctx('open', req))).toBe('ALLOWED');
      expect(req.principal?.userName).toBe('none');
    });

    it('still refuses an invalid bearer token', async () => {
      expect(await decide(ctx('open', { method: 'GET', headers: { authorization: 'Bearer nope' } }))).toBe('INVALID_TOKEN');
    });
  });

  describe('authentication', () => {
    it('no session or an unknown session answers UNAUTHENTICATED', async () => {
      expect(await decide(ctx('signedIn', { method: 'GET', headers: {} }))).toBe('UNAUTHENTICATED');
      expect(await decide(ctx('signedIn', session('s-forged')))).toBe('UNAUTHENTICATED');
      expect(await decide(ctx('invoices', session('s-forged', { params: { houseRef: 'HOTHER' } })))).toBe('UNAUTHENTICATED');
    });

    it('a bearer token wins over the cookie, and an invalid one is INVALID_TOKEN (no fallback to the session)', async () => {
      expect(await decide(ctx('signedIn', session('s-owner', { headers: { authorization: 'Bearer art_bad' } })))).toBe('INVALID_TOKEN');
      const req = session('s-owner', { headers: { authorization: 'Bearer art_good' } });
      expect(await decide(ctx('signedIn', req))).toBe('ALLOWED');
      expect(req.principal?.via).toBe('token');
    });

    it('reads the bearer scheme in any case; a bare "Bearer" is an empty, invalid token', async () => {
      expect(await decide(ctx('signedIn', { method: 'GET', headers: { authorization: 'bearer art_good' } }))).toBe('ALLOWED');
      expect(await decide(ctx('signedIn', { method: 'GET', headers: { authorization: 'BEARER   art_good' } }))).toBe('ALLOWED');
      expect(await decide(ctx('signedIn', { method: 'GET', headers: { authorization: 'Bearer' } }))).toBe('INVALID_TOKEN');
    });
  });

  describe('decision order: CSRF, then tenancy, then flags', () => {
    it('a tokenless write to another house by a user without the flag is refused for CSRF first', async () => {
      const req = session('s-none', { method: 'POST', params: { houseRef: 'HOTHERHOUSE' } });
      expect(await decide(ctx('invoices', req))).toBe('CSRF_TOKEN_INVALID');
    });

    it('with the CSRF token, another house answers NOT_FOUND before the missing flag is noticed', async () => {
      const req = session('s-none', { method: 'POST', headers: { 'x-csrf-token': 'csrf-ok' }, params: { houseRef: 'HOTHERHOUSE' } });
      expect(await decide(ctx('invoices', req))).toBe('NOT_FOUND');
      expect(await decide(ctx('superOnly', { ...req }))).toBe('NOT_FOUND');
    });

    it('in the own house, the missing flag answers FORBIDDEN with the spec text', async () => {
      const req = session('s-none', { method: 'POST', headers: { 'x-csrf-token': 'csrf-ok' }, params: { houseRef: 'HAAAAAAAAAA' } });
      const err = await guard.canActivate(ctx('invoices', req)).catch((e: DomainError) => e);
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: PERMISSION_DENIED_TEXT });
      expect(req.principal).toBeUndefined();
    });

    it('a request that passes every check gets its principal attached', async () => {
      const req = session('s-invoices', { method: 'POST', headers: { 'x-csrf-token': 'csrf-ok' }, params: { houseRef: 'HAAAAAAAAAA' } });
      expect(await decide(ctx('invoices', req))).toBe('ALLOWED');
      expect(req.principal?.flags.accessInvoices).toBe(true);
    });
  });

  describe('CSRF', () => {
    it.each(['GET', 'HEAD', 'OPTIONS'])('%s needs no token', async (method) => {
      expect(await decide(ctx('signedIn', session('s-none', { method })))).toBe('ALLOWED');
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])("%s with a session needs the session's own token", async (method) => {
      expect(await decide(ctx('signedIn', session('s-none', { method })))).toBe('CSRF_TOKEN_INVALID');
      expect(await decide(ctx('signedIn', session('s-none', { method, headers: { 'x-csrf-token': 'csrf-bad' } })))).toBe(
        'CSRF_TOKEN_INVALID',
      );
      expect(await decide(ctx('signedIn', session('s-none', { method, headers: { 'x-csrf-token': 'csrf-o' } })))).toBe(
        'CSRF_TOKEN_INVALID',
      );
      expect(await decide(ctx('signedIn', session('s-none', { method, headers: { 'x-csrf-token': 'csrf-ok' } })))).toBe('ALLOWED');
    });

    it('a session without a CSRF token on record cannot write at all', async () => {
      resolver.sessions.set('s-legacy', principal({ csrfToken: undefined }));
      expect(await decide(ctx('signedIn', session('s-legacy', { method: 'POST', headers: { 'x-csrf-token': '' } })))).toBe(
        'CSRF_TOKEN_INVALID',
      );
    });

    it('API-token writes need none', async () => {
      expect(await decide(ctx('invoices', { method: 'POST', headers: { authorization: 'Bearer art_good' } }))).toBe('ALLOWED');
    });
  });

  describe('tenancy', () => {
    it("{houseRef} must be the caller's house, exactly", async () => {
      expect(await decide(ctx('signedIn', session('s-owner', { params: { houseRef: 'HAAAAAAAAAA' } })))).toBe('ALLOWED');
      expect(await decide(ctx('signedIn', session('s-owner', { params: { houseRef: 'HBBBBBBBBBB' } })))).toBe('NOT_FOUND');
      expect(await decide(ctx('signedIn', session('s-owner', { params: { houseRef: 'haaaaaaaaaa' } })))).toBe('NOT_FOUND');
      expect(await decide(ctx('signedIn', session('s-super', { params: { houseRef: 'HBBBBBBBBBB' } })))).toBe('NOT_FOUND');
    });

    it.each(['houseID', 'houseId'])("{%s} must be the caller's house id", async (name) => {
      expect(await decide(ctx('signedIn', session('s-owner', { params: { [name]: '1' } })))).toBe('ALLOWED');
      for (const other of ['2', '01', '1.0', ' 1', 'abc', '']) {
        expect(await decide(ctx('signedIn', session('s-owner', { params: { [name]: other } })))).toBe('NOT_FOUND');
      }
    });

    it('holds for API tokens too', async () => {
      expect(
        await decide(
          ctx('signedIn', { method: 'GET', headers: { authorization: 'Bearer art_good' }, params: { houseRef: 'HBBBBBBBBBB' } }),
        ),
      ).toBe('NOT_FOUND');
    });

    it("the legacy `{houseRef}*` header is accepted when it names the session's house and refused otherwise", async () => {
      expect(await decide(ctx('signedIn', session('s-owner', { headers: { authorization: 'HAAAAAAAAAA*' } })))).toBe('ALLOWED');
      for (const header of ['HBBBBBBBBBB*', 'HAAAAAAAAAA', 'Basic abc', '*']) {
        expect(await decide(ctx('signedIn', session('s-owner', { headers: { authorization: header } })))).toBe('HOUSE_MISMATCH');
      }
    });
  });

  describe('flags and super user', () => {
    it('every flag of a rule is required', async () => {
      expect(await decide(ctx('payments', session('s-invoices')))).toBe('FORBIDDEN');
      expect(await decide(ctx('payments', session('s-owner')))).toBe('ALLOWED');
    });

    it('one flag of an any-of rule is enough; none of them is FORBIDDEN', async () => {
      resolver.sessions.set('s-calendar', principal({ flags: flags(['accessCalendar']) }));
      resolver.sessions.set('s-settlement', principal({ flags: flags(['accessSettlement']) }));
      expect(await decide(ctx('consignor', session('s-calendar')))).toBe('ALLOWED');
      expect(await decide(ctx('consignor', session('s-settlement')))).toBe('ALLOWED');
      expect(await decide(ctx('consignor', session('s-invoices')))).toBe('FORBIDDEN');
      expect(await decide(ctx('consignor', session('s-none')))).toBe('FORBIDDEN');
    });

    it.each(ACCESS_FLAGS.map((f) => [f]))('a user holding only %s passes that flag and no other', async (flag) => {
      resolver.sessions.set('s-one', principal({ flags: flags([flag]) }));
      const only = ctx('invoices', session('s-one'));
      expect(await decide(only)).toBe(flag === 'accessInvoices' ? 'ALLOWED' : 'FORBIDDEN');
    });

    it('@RequireSuperUser() passes the super user only, not the owner with every flag', async () => {
      expect(await decide(ctx('superOnly', session('s-super')))).toBe('ALLOWED');
      expect(await decide(ctx('superOnly', session('s-owner')))).toBe('FORBIDDEN');
    });

    it('with Secure cookies reads only the __Host- cookie: a plain ar_session (plantable from a subdomain) is ignored', async () => {
      const secure = new AccessGuard(new Reflector(), resolver, { cookieSecure: true });
      const plain = session('s-owner');
      await expect(secure.canActivate(ctx('signedIn', plain))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      const hosted: FakeRequest = { method: 'GET', headers: {}, cookies: { '__Host-ar_session': 's-owner' } };
      expect(await secure.canActivate(ctx('signedIn', hosted))).toBe(true);
      expect(await decide(ctx('signedIn', { method: 'GET', headers: {}, cookies: { '__Host-ar_session': 's-owner' } }))).toBe(
        'UNAUTHENTICATED',
      );
    });

    it('@SignedIn() needs no flag', async () => {
      expect(await decide(ctx('signedIn', session('s-none')))).toBe('ALLOWED');
    });
  });

  describe('rules on the controller class', () => {
    it('apply to handlers without their own; a handler rule overrides them', async () => {
      expect(await decide(ctx('inherited', session('s-none'), ReportsHandlers))).toBe('FORBIDDEN');
      expect(await decide(ctx('inherited', session('s-owner'), ReportsHandlers))).toBe('ALLOWED');
      expect(await decide(ctx('open', { method: 'GET', headers: {} }, ReportsHandlers))).toBe('ALLOWED');
    });
  });

  it('lets non-HTTP contexts through (queue processors and schedules are not requests)', async () => {
    expect(await decide(ctx('undeclared', { method: 'GET', headers: {} }, Handlers, 'rpc'))).toBe('ALLOWED');
  });
});
