import { ParseIdPipe } from '../../../core/http/id-param';
import { editedTemplateId, templateIdOf, templateNotFound } from './template-ids';

const pathTemplateId = (raw: string) => new ParseIdPipe(templateNotFound).transform(raw);

describe('template ids', () => {
  it('a template id as a request names it: blank, absent or 0 is none, anything else not an id is undefined', () => {
    for (const none of [undefined, null, '', '0', ' 00 ', 0]) expect(templateIdOf(none)).toBeNull();
    expect(templateIdOf('12')).toBe(12);
    expect(templateIdOf(12)).toBe(12);
    for (const bad of ['x', '-1', '1.5', '99999999999', ['1', '2']]) expect(templateIdOf(bad)).toBeUndefined();
  });

  it('a path id that is not a positive int4 names no template (404)', () => {
    expect(pathTemplateId('5')).toBe(5);
    for (const bad of ['0', 'abc', '2147483648', '-3'])
      expect(() => pathTemplateId(bad)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('a documented save edits groupSettingsID, else invoiceGroupID; 0 or absent creates', () => {
    expect(editedTemplateId({})).toBeNull();
    expect(editedTemplateId({ invoiceGroupID: 0 })).toBeNull();
    expect(editedTemplateId({ groupSettingsID: 0, invoiceGroupID: 0 })).toBeNull();
    expect(editedTemplateId({ groupSettingsID: 9 })).toBe(9);
    expect(editedTemplateId({ groupSettingsID: '9', invoiceGroupID: 9 })).toBe(9);
    expect(editedTemplateId({ invoiceGroupID: 9 })).toBe(9);
    expect(editedTemplateId({ groupSettingsID: 9, invoiceGroupID: 0 })).toBe(9);
  });

  it('refuses ids that disagree or are not ids, with a field error', () => {
    expect(() => editedTemplateId({ groupSettingsID: 9, invoiceGroupID: 8 })).toThrow(
      expect.objectContaining({
        kind: 'validation',
        fieldErrors: { invoiceGroupID: 'groupSettingsID and invoiceGroupID name different templates.' },
      }),
    );
    expect(() => editedTemplateId({ groupSettingsID: 'abc' })).toThrow(
      expect.objectContaining({ kind: 'validation', fieldErrors: { groupSettingsID: expect.any(String) } }),
    );
  });
});
