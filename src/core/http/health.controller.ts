import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Public } from '../auth/access.decorators';
import { DomainError } from '../errors/domain-error';
import { JobsService } from '../queue/jobs.service';

@ApiTags('operations')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
  ) {}

  /** For load balancers and compose health checks: 200 when the database answers, else 503. */
  @Public()
  @Get()
  async health() {
    try {
      await (this.orm.em as EntityManager).getConnection().execute('select 1');
    } catch {
      throw new DomainError('unavailable', 'DATABASE_DOWN', 'The database does not answer.');
    }
    return { status: 'ok', database: 'up', queue: this.jobs.mode };
  }
}
