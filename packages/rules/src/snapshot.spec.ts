import { checkSnapshotCatalogId, SNAPSHOT_TEXT } from './snapshot';

describe('checkSnapshotCatalogId', () => {
  it('passes digits (blanks around them ignored)', () => {
    expect(checkSnapshotCatalogId('12345')).toBeNull();
    expect(checkSnapshotCatalogId(' 7 ')).toBeNull();
  });
  it.each(['12a', '1.5', '-3', '1e3', '١٢', '12 3'])('refuses %j with the spec message', (v) => {
    expect(checkSnapshotCatalogId(v)).toBe('Catalog ID must contain numbers only.');
  });
  it('asks for a value when empty', () => {
    expect(checkSnapshotCatalogId('')).toBe(SNAPSHOT_TEXT.catalogIdRequired);
    expect(checkSnapshotCatalogId(null)).toBe(SNAPSHOT_TEXT.catalogIdRequired);
  });
});
