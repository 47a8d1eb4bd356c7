import { Module } from '@nestjs/common';
import { CatalogsService } from './catalogs.service';

/** Sales and sessions. The wizards, calendar and publishing build on this module. */
@Module({ providers: [CatalogsService], exports: [CatalogsService] })
export class CatalogsModule {}
