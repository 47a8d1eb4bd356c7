import 'reflect-metadata';
import { IsInt } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { validationExceptionFactory } from '../errors/validation-exception.factory';
import { AppValidationPipe, OneOrManyBody } from './one-or-many-body';

class FormDto {
  @IsInt({ message: 'n must be a whole number.' })
  n!: number;
}
class PlainDto {
  @IsInt({ message: 'n must be a whole number.' })
  n!: number;
}
class Ctrl {
  save(@OneOrManyBody(FormDto, { max: 3 }) _body: FormDto | FormDto[]) {}
}

const pipe = new AppValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
});
const body = (metatype: new () => object) => ({ type: 'body' as const, metatype });
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('no error');
};

describe('@OneOrManyBody and the global pipe', () => {
  it('tells Nest the parameter is the form class', () => {
    expect((Reflect.getMetadata('design:paramtypes', Ctrl.prototype, 'save') as unknown[])[0]).toBe(FormDto);
  });

  it('checks one form, or each form of a list, keyed [i].field', async () => {
    expect(await pipe.transform({ n: 1 }, body(FormDto))).toBeInstanceOf(FormDto);
    const list = (await pipe.transform([{ n: 1 }, { n: 2 }], body(FormDto))) as FormDto[];
    expect(list.map((f) => f instanceof FormDto && f.n)).toEqual([1, 2]);
    const bad = await failure(pipe.transform([{ n: 1 }, { n: 'x' }, { n: 2, m: 1 }], body(FormDto)));
    expect(bad).toMatchObject({ code: 'VALIDATION_FAILED', message: 'n must be a whole number.' });
    expect(bad.fieldErrors).toEqual({ '[1].n': 'n must be a whole number.', '[2].m': 'property m should not exist' });
    expect(await failure(pipe.transform([{ n: 1, m: 1 }], body(FormDto)))).toMatchObject({ code: 'UNKNOWN_FIELDS' });
  });

  it('passes a list longer than max on unchecked (the rules refuse it in their words)', async () => {
    const long = [{}, {}, {}, {}];
    expect(await pipe.transform(long, body(FormDto))).toBe(long);
  });

  it('refuses a list for any other DTO', async () => {
    expect((await failure(pipe.transform([{ n: 1 }], body(PlainDto)))).code).toBe('VALIDATION_FAILED');
  });
});
