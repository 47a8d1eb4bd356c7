import { IsInt, IsOptional, IsString, MetadataStorage, getMetadataStorage, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './metadata-cache';

class Base {
  @IsInt()
  id!: number;
}

class Child extends Base {
  @IsOptional()
  @IsString()
  name?: string;
}

describe('cacheValidationMetadata', () => {
  it('answers the same rules as class-validator, once per class, and again after a rule is added', () => {
    const storage = new MetadataStorage();
    const real = storage.getTargetValidationMetadatas.bind(storage);
    let scans = 0;
    storage.getTargetValidationMetadatas = (...a) => {
      scans++;
      return real(...a);
    };
    // Copies of the decorators' own rules, in a storage of the test's own.
    const rules = [...getMetadataStorage().getTargetValidationMetadatas(Child, '', false, false)];
    rules.forEach((m) => storage.addValidationMetadata(m));
    const add = (propertyName: string) =>
      storage.addValidationMetadata(Object.assign(Object.create(Object.getPrototypeOf(rules[0]) as object), rules[0], { propertyName }));
    const uncached = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(uncached.map((m) => m.propertyName).sort()).toEqual(['id', 'name', 'name']);
    cacheValidationMetadata(storage);
    cacheValidationMetadata(storage); // idempotent
    scans = 0;
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    const second = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(first).toBe(second);
    expect(first).toEqual(uncached);
    expect(scans).toBe(1);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(second));
    expect(Object.keys(storage.groupByPropertyName(first)).sort()).toEqual(['id', 'name']);
    // Different options are looked up on their own.
    storage.getTargetValidationMetadatas(Child, '', false, false, ['g']);
    expect(scans).toBe(2);
    // A rule added later is seen.
    add('extra');
    const after = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(scans).toBe(3);
    expect(after.map((m) => m.propertyName).sort()).toEqual(['extra', 'id', 'name', 'name']);
  });

  it('leaves validation answers unchanged on the global storage', () => {
    cacheValidationMetadata();
    const bad = Object.assign(new Child(), { id: 'x', name: 3 });
    const msgs = (o: object) => validateSync(o).map((e) => [e.property, Object.keys(e.constraints ?? {})]);
    expect(msgs(bad)).toEqual([
      ['name', ['isString']],
      ['id', ['isInt']],
    ]);
    expect(msgs(bad)).toEqual(msgs(bad));
    expect(validateSync(Object.assign(new Child(), { id: 1 }))).toEqual([]);
  });
});
