import { ParseIdPipe } from '../../../core/http/id-param';
import { editedTemplateId, queryTemplateId, templateNotFound } from './template-ids';

const pathTemplateId = (raw: string) => new ParseIdPipe(templateNotFound).transform(raw);

describe('template ids', () => {
  it('?groupSettingsID= blank, absent or 0 asks for the new-template defaults', () => {
    expect(queryTemplateId(undefined)).toBeNull();
    expect(queryTemplateId('')).toBeNull();
    expect(queryTemplateId('0')).toBeNull();
    expect(queryTemplateId('12')).toBe(12);
    for (const bad of ['x', '-1', '1.5', '99999999999', ['1', '2']])
      expect(() => queryTemplateId(bad)).toThrow(/groupSettingsID must be a template id/);
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
