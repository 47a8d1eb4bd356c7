import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, Public, SignedIn } from '../../../core/auth/access.decorators';
import { Principal, sessionCookieName } from '../../../core/auth/principal';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';
import { LoginDto } from '../dto/login.dto';
import { StaffUsersService } from '../staff-users.service';
import { AuthService } from './auth.service';
import { SessionsService } from './sessions.service';
import { toUserView } from './user-view';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly users: StaffUsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { user, token, csrfToken } = await this.auth.login({
      house: dto.house,
      username: dto.username,
      password: dto.password,
      ip: req.ip ?? 'unknown',
      userAgent: req.headers['user-agent'],
    });
    // No Domain attribute: `__Host-` (used when Secure) requires it absent and Path=/.
    res.cookie(sessionCookieName(this.config.cookieSecure), token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      path: '/',
      maxAge: this.sessions.cookieMaxAgeMs,
    });
    return { data: { user: toUserView(user, user.house), csrfToken } };
  }

  @SignedIn()
  @Post('logout')
  @HttpCode(204)
  async logout(@CurrentPrincipal() p: Principal, @Res({ passthrough: true }) res: Response): Promise<void> {
    if (p.sessionId) await this.auth.logout(p.sessionId);
    res.clearCookie(sessionCookieName(this.config.cookieSecure), {
      path: '/',
      secure: this.config.cookieSecure,
      httpOnly: true,
      sameSite: 'lax',
    });
  }

  @SignedIn()
  @Get('session')
  async session(@CurrentPrincipal() p: Principal) {
    const user = await this.users.getForHouse(p.houseId, p.userId);
    return { data: { user: toUserView(user, user.house), csrfToken: p.csrfToken ?? null } };
  }
}
