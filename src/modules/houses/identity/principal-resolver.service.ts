import { Injectable } from '@nestjs/common';
import { Principal, PrincipalResolver } from '../../../core/auth/principal';
import { ApiTokensService } from './api-tokens.service';
import { SessionsService } from './sessions.service';

@Injectable()
export class HousePrincipalResolver implements PrincipalResolver {
  constructor(
    private readonly sessions: SessionsService,
    private readonly tokens: ApiTokensService,
  ) {}

  fromSessionToken(token: string): Promise<Principal | null> {
    return this.sessions.resolve(token);
  }

  fromApiToken(token: string): Promise<Principal | null> {
    return this.tokens.resolve(token);
  }
}
