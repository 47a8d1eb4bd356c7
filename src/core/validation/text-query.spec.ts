import { ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { RaListQueryDto } from '../http/ra-list-query.dto';
import { AppValidationPipe, appValidationPipe } from '../http/one-or-many-body';
import { acceptTextQuery, textOnlyFields } from './text-query';

class WithNumber {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsInt()
  n?: number;
}

class Trimmed {
  @IsOptional()
  @IsString()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  q?: string;
}

class Required {
  @IsString()
  q!: string;
}

describe('acceptTextQuery', () => {
  const pipe: AppValidationPipe = appValidationPipe();
  // Nest's own pipe with the app's options: class-transformer and class-validator, no quick path.
  const viaPipe = (value: unknown): Promise<unknown> =>
    ValidationPipe.prototype.transform.call(pipe, value, { type: 'query', metatype: RaListQueryDto, data: undefined });

  it('knows the list query as text-only and nothing with other rules or transforms', () => {
    expect([...(textOnlyFields(RaListQueryDto) ?? [])].sort()).toEqual(['filter', 'range', 'sort']);
    expect(textOnlyFields(WithNumber)).toBeNull();
    expect(textOnlyFields(Trimmed)).toBeNull();
    expect(textOnlyFields(Required)).toBeNull();
    expect(textOnlyFields(Object as never)).toBeNull();
  });

  it('answers what the full pipe answers for valid queries', async () => {
    for (const q of [{}, { range: '[0,24]' }, { sort: '["id","ASC"]', range: '[0,24]', filter: '{}' }, { filter: '' }]) {
      const quick = acceptTextQuery(RaListQueryDto, { ...q });
      expect(quick).toBeInstanceOf(RaListQueryDto);
      expect(quick).toEqual(await viaPipe({ ...q }));
      expect(await pipe.transform({ ...q }, { type: 'query', metatype: RaListQueryDto })).toEqual(quick);
    }
  });

  it('leaves anything the pipe might refuse or change to the pipe, which refuses it as before', async () => {
    for (const q of [{ range: ['[0,1]', '[0,2]'] }, { other: 'x' }, { sort: { a: '1' } }, { range: 5 }, { filter: null }]) {
      expect(acceptTextQuery(RaListQueryDto, q)).toBeUndefined();
    }
    expect(acceptTextQuery(RaListQueryDto, Object.assign(Object.create({ x: 1 }) as object, { range: '[0,1]' }))).toBeUndefined();
    expect(acceptTextQuery(RaListQueryDto, 'range')).toBeUndefined();
    await expect(viaPipe({ range: ['[0,1]', '[0,2]'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { range: 'Query parameter range must be JSON.' },
    });
    await expect(viaPipe({ other: 'x' })).rejects.toMatchObject({ fieldErrors: { other: 'property other should not exist' } });
  });
});
