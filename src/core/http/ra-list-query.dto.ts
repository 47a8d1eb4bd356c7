import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/**
 * The query of every `/api/*` list (ra-data-simple-rest): three JSON texts, each once. Declared so
 * a list takes no other parameter (UNKNOWN_FIELDS, like any DTO) and a repeated one is refused;
 * `parseRaListQuery` reads the JSON with the list's own sortable fields and answers BAD_QUERY.
 */
export class RaListQueryDto {
  @ApiPropertyOptional({ description: '["field","ASC|DESC"]', example: '["id","ASC"]' })
  @IsOptional()
  @IsString({ message: 'Query parameter sort must be JSON.' })
  sort?: string;

  @ApiPropertyOptional({ description: '[start,end], inclusive', example: '[0,24]' })
  @IsOptional()
  @IsString({ message: 'Query parameter range must be JSON.' })
  range?: string;

  @ApiPropertyOptional({ description: 'a JSON object; the fields each list takes are in its summary', example: '{"q":"smith"}' })
  @IsOptional()
  @IsString({ message: 'Query parameter filter must be JSON.' })
  filter?: string;
}
