/** The crash hook kills only where and when it is armed: never unset, never in production. */
describe('crashPoint (AR_CRASH_POINT)', () => {
  const saved = { point: process.env.AR_CRASH_POINT, env: process.env.NODE_ENV };
  let kill: jest.SpyInstance;

  /** Loads the module afresh under the given environment (it reads the variable once, at load). */
  const load = (point: string | undefined, nodeEnv: string): ((name: string) => void) => {
    if (point === undefined) delete process.env.AR_CRASH_POINT;
    else process.env.AR_CRASH_POINT = point;
    process.env.NODE_ENV = nodeEnv;
    let fn!: (name: string) => void;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    jest.isolateModules(() => (fn = (require('./crash-point') as typeof import('./crash-point')).crashPoint));
    return fn;
  };

  beforeEach(() => {
    kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
  });
  afterEach(() => {
    kill.mockRestore();
    if (saved.point === undefined) delete process.env.AR_CRASH_POINT;
    else process.env.AR_CRASH_POINT = saved.point;
    process.env.NODE_ENV = saved.env;
  });

  it('is inert when unset', () => {
    load(undefined, 'test')('charge.after-claim');
    expect(kill).not.toHaveBeenCalled();
  });

  it('is inert under NODE_ENV=production even when set', () => {
    load('charge.after-claim', 'production')('charge.after-claim');
    expect(kill).not.toHaveBeenCalled();
  });

  it('kills its own process with SIGKILL at the named point only', () => {
    const crashPoint = load('charge.after-gateway', 'test');
    crashPoint('charge.after-claim');
    expect(kill).not.toHaveBeenCalled();
    crashPoint('charge.after-gateway');
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
  });

  it('reads the variable once, when loaded', () => {
    const crashPoint = load(undefined, 'test');
    process.env.AR_CRASH_POINT = 'charge.after-record';
    crashPoint('charge.after-record');
    expect(kill).not.toHaveBeenCalled();
  });
});
