import { DomainError } from '../../../../core/errors/domain-error';
import { appValidationPipe } from '../../../../core/http/one-or-many-body';
import { GroupSettingsQueryDto } from './group-settings-query.dto';

const read = (query: Record<string, unknown>) => appValidationPipe().transform(query, { type: 'query', metatype: GroupSettingsQueryDto });

describe('GET invoiceGroupSettings query', () => {
  it('takes blank, 0 or an id, and the cache-busting _', async () => {
    for (const groupSettingsID of [undefined, '', '0', '12'])
      await expect(read({ groupSettingsID, _: '1700000000000' })).resolves.toBeTruthy();
  });

  it.each([['x'], ['-1'], ['1.5'], ['2147483648'], [['1', '2']]])(
    'refuses %j with BAD_QUERY and the message alone',
    async (groupSettingsID) => {
      const err = (await read({ groupSettingsID }).catch((e: unknown) => e)) as DomainError;
      expect({ code: err.code, message: err.message, fields: err.fieldErrors }).toEqual({
        code: 'BAD_QUERY',
        message: 'groupSettingsID must be a template id (0 or absent for a new template).',
        fields: undefined,
      });
    },
  );

  it('takes no other parameter', async () => {
    await expect(read({ id: '1' })).rejects.toMatchObject({ code: 'UNKNOWN_FIELDS' });
  });
});
