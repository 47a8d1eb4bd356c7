import {
  buildImageLotIndex,
  IMAGE_ERROR_CODES,
  IMAGE_ERROR_TEXT,
  imageErrorTitle,
  matchImageName,
  nextImageSequence,
  normalizeImageName,
  normalizeInventoryNumber,
  parseImageName,
} from './lot-images';

describe('image file names: {number}[ext].{sequence}.{type}', () => {
  it('turns dashes and underscores into dots and upper-cases', () => {
    expect(normalizeImageName('12a-1_x.jpg')).toBe('12A.1.X.JPG');
    expect(normalizeImageName('some/dir/0012-b.png')).toBe('0012.B.PNG');
  });

  it.each([
    ['12A.1.jpg', '12', 'A', 1, '12A.1.JPG'],
    ['12.jpg', '12', '', 0, '12.0.JPG'],
    ['0012a-2.JPEG', '12', 'A', 2, '12A.2.JPEG'],
    ['12_b_3.png', '12', 'B', 3, '12B.3.PNG'],
    ['12-A.png', '12', 'A', 0, '12A.0.PNG'],
    ['007.03.jpg', '7', '', 3, '7.3.JPG'],
    ['0.jpg', '0', '', 0, '0.0.JPG'],
  ])('lot format reads %j as lot %s%s sequence %i', (name, number, ext, seq, key) => {
    expect(parseImageName(name, 'lot')).toMatchObject({ ok: true, number, ext, sequence: seq, key });
  });

  it('a duplicate name is the same key whatever its spelling', () => {
    const keys = ['12a.1.jpg', '012A-1.JPG', '12_a_01.jpg'].map((n) => (parseImageName(n, 'lot') as { key: string }).key);
    expect(new Set(keys)).toEqual(new Set(['12A.1.JPG']));
  });

  it.each([
    ['12A.1.gif', 'type'],
    ['12A.1', 'type'],
    ['12A', 'type'],
    ['12A.1.', 'type'],
    ['12A.x.jpg', 'imageSeq'],
    ['12A.1.2.jpg', 'imageSeq'],
    ['12A.1000.jpg', 'imageSeq'],
    ['12..jpg', 'imageSeq'],
    ['AB12.1.jpg', 'lotNum'],
    ['.1.jpg', 'lotNum'],
    ['123456789.jpg', 'lotNum'],
    ['12AB.jpg', 'lotNum'],
  ])('lot format refuses %j with %s', (name, error) => {
    expect(parseImageName(name, 'lot')).toEqual({ ok: false, error });
  });

  it('inventory format: everything before the sequence is the inventory number', () => {
    expect(parseImageName('inv-0042-2.jpg', 'inventory')).toMatchObject({ ok: true, number: 'INV.42', sequence: 2, key: 'INV.42.2.JPG' });
    expect(parseImageName('ABC.png', 'inventory')).toMatchObject({ ok: true, number: 'ABC', sequence: 0 });
    expect(parseImageName(`${'A'.repeat(33)}.png`, 'inventory')).toEqual({ ok: false, error: 'invNum' });
    expect(parseImageName('ABC.1.bmp', 'inventory')).toEqual({ ok: false, error: 'type' });
  });

  it('inventory numbers normalise like names', () => {
    expect(normalizeInventoryNumber('inv-0042')).toBe('INV.42');
    expect(normalizeInventoryNumber('A_b')).toBe('A.B');
  });
});

describe('matching names to lots', () => {
  const index = buildImageLotIndex([
    { id: 1, lotNumber: '12', lotExt: 'A', invNumber: 'INV-0042' },
    { id: 2, lotNumber: '12', lotExt: null, invNumber: 'INV-12' },
    { id: 3, lotNumber: null, lotExt: null, invNumber: 'X9' },
  ]);

  it('by lot number and extension', () => {
    expect(matchImageName('012a.1.jpg', 'lot', index)).toMatchObject({ ok: true, lotId: 1, sequence: 1 });
    expect(matchImageName('12.jpg', 'lot', index)).toMatchObject({ ok: true, lotId: 2, sequence: 0 });
    expect(matchImageName('12B.jpg', 'lot', index)).toEqual({ ok: false, error: 'lotNum' });
    expect(matchImageName('12A.z.jpg', 'lot', index)).toEqual({ ok: false, error: 'imageSeq' });
  });

  it('by inventory number, taking the reading that names a lot', () => {
    expect(matchImageName('inv_42-3.jpg', 'inventory', index)).toMatchObject({ ok: true, lotId: 1, sequence: 3 });
    // "INV.12.jpg": inventory INV.12 (image 0), since no inventory "INV" exists.
    expect(matchImageName('INV-12.jpg', 'inventory', index)).toMatchObject({ ok: true, lotId: 2, sequence: 0 });
    expect(matchImageName('x9.png', 'inventory', index)).toMatchObject({ ok: true, lotId: 3, sequence: 0 });
    expect(matchImageName('Y1.png', 'inventory', index)).toEqual({ ok: false, error: 'invNum' });
  });
});

describe('image errors and sequences', () => {
  it('has a title for each of the spec codes', () => {
    expect(IMAGE_ERROR_CODES).toHaveLength(10);
    for (const c of IMAGE_ERROR_CODES) expect(IMAGE_ERROR_TEXT[c].title).toBeTruthy();
    expect(IMAGE_ERROR_TEXT.size.title).toBe('Exceeds maximum file size (10 MB)');
    expect(IMAGE_ERROR_TEXT.pixel.title).toBe("Doesn't meet minimum image size (1000px x 1000px)");
    expect(IMAGE_ERROR_TEXT.type.title).toBe('Invalid file type (JPEG, JPG or PNG only)');
  });

  it('says "item" for bin sales and "lot" otherwise', () => {
    expect(imageErrorTitle('lotNum', 'bin')).toBe('Invalid item numbers');
    expect(imageErrorTitle('lotNum', 'live')).toBe('Invalid lot numbers');
  });

  it('numbers new uploads: 0 when none exist, else 1 + index + highest', () => {
    expect(nextImageSequence([], 0)).toBe(0);
    expect(nextImageSequence([], 2)).toBe(2);
    expect(nextImageSequence([0, 4], 0)).toBe(5);
    expect(nextImageSequence([0, 4], 2)).toBe(7);
  });
});
