// node-polyglot ships no types; the spec compares litePolyglot with it (it stays installed with react-admin).
declare module 'node-polyglot' {
  export default class Polyglot {
    constructor(options: { locale?: string; phrases?: object; allowMissing?: boolean });
    t(key: string, options?: number | object): string;
  }
}
