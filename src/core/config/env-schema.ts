/** Tiny, dependency-free environment schema: every variable is declared once with its parser and default. */
export class ConfigError extends Error {}

type Parser<T> = (raw: string, name: string) => T;

export interface VarSpec<T> {
  parse: Parser<T>;
  default?: T;
  doc: string;
}

const fail = (name: string, expected: string, raw: string): never => {
  throw new ConfigError(`Invalid configuration: ${name} must be ${expected} (got "${raw}")`);
};

export const str = (): Parser<string> => (raw) => raw;

export const int =
  (min: number, max: number): Parser<number> =>
  (raw, name) => {
    if (!/^-?\d+$/.test(raw.trim())) fail(name, `an integer between ${min} and ${max}`, raw);
    const n = Number(raw);
    if (n < min || n > max) fail(name, `an integer between ${min} and ${max}`, raw);
    return n;
  };

export const bool = (): Parser<boolean> => (raw, name) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return fail(name, 'true or false', raw);
};

export const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!values.includes(raw as T)) fail(name, `one of ${values.join(', ')}`, raw);
    return raw as T;
  };

export const url =
  (...protocols: string[]): Parser<string> =>
  (raw, name) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return fail(name, `a URL (${protocols.join(' or ')})`, raw);
    }
    if (!protocols.includes(u.protocol.replace(/:$/, ''))) fail(name, `a URL (${protocols.join(' or ')})`, raw);
    return raw;
  };

export function readVar<T>(env: NodeJS.ProcessEnv, name: string, spec: VarSpec<T>): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return spec.default;
  return spec.parse(raw, name);
}
