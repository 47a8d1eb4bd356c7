import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Metadatas = ReturnType<Storage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const INSTALLED = Symbol.for('ar.validationMetadataCache');

/**
 * class-validator looks up a class's rules on every `validate` call by scanning every class it
 * knows (for inherited rules) and regrouping them by property: for a 3-field list query that scan
 * was about 2.5% of a short list call. The rules are fixed once the decorators have run, so the
 * answer is kept per (class, schema, options) and the grouping per answer; any rule added later
 * (a class loaded late, a schema registered) clears the cache. Read-only use: class-validator's
 * executor only filters and reads both results.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  let byTarget = new Map<unknown, Map<string, Metadatas>>();
  let grouped = new WeakMap<Metadatas, Grouped>();
  const clear = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addMetadata = storage.addValidationMetadata.bind(storage);
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  storage.addValidationMetadata = (m) => {
    clear();
    addMetadata(m);
  };
  storage.addConstraintMetadata = (m) => {
    clear();
    addConstraint(m);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema ?? ''}\u0000${always ? 1 : 0}${strictGroups ? 1 : 0}\u0000${(groups ?? []).join('\u0000')}`;
    let forTarget = byTarget.get(target);
    if (!forTarget) byTarget.set(target, (forTarget = new Map()));
    let found = forTarget.get(key);
    if (!found) forTarget.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadatas) => {
    let g = grouped.get(metadatas);
    if (!g) grouped.set(metadatas, (g = group(metadatas)));
    return g;
  };
}
