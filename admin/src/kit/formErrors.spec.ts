import { describe, expect, it } from '@jest/globals';
import { errorText, flatErrors, nestErrors } from './formErrors';

describe('form messages between dotted paths and react-hook-form', () => {
  it('nests dotted paths for a Form validate, a list message at its root', () => {
    expect(
      nestErrors({
        groupName: 'Invoice template name is required',
        'taxes.0.rate': 'Please enter a valid tax rate %.',
        'taxes.2.state': 'State is required',
        'taxes.root': 'Too many taxes',
      }),
    ).toEqual({
      groupName: 'Invoice template name is required',
      taxes: { 0: { rate: 'Please enter a valid tax rate %.' }, 2: { state: 'State is required' }, root: 'Too many taxes' },
    });
    expect(nestErrors({})).toEqual({});
  });

  it("reads a message as the server's string or the validate resolver's { message }", () => {
    expect(errorText({ type: 'server', message: 'Please select a valid State.' })).toBe('Please select a valid State.');
    expect(errorText({ type: 'manual', message: { message: 'City is required' } })).toBe('City is required');
    expect(errorText({ type: 'manual', message: '' })).toBeUndefined();
    expect(errorText(undefined)).toBeUndefined();
  });

  it('flattens the errors react-hook-form holds back to dotted paths, with their type; refs are skipped', () => {
    const list = Object.assign([undefined, { rate: { type: 'server', message: 'Bad rate', ref: { name: 'taxes.1.rate' } } }], {
      root: { type: 'manual', message: { message: 'Too many taxes' } },
    });
    expect(flatErrors({ addressCity: { type: 'manual', message: { message: 'City is required' } }, taxes: list } as never)).toEqual({
      addressCity: { message: 'City is required', type: 'manual' },
      'taxes.1.rate': { message: 'Bad rate', type: 'server' },
      'taxes.root': { message: 'Too many taxes', type: 'manual' },
    });
  });
});
