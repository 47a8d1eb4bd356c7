/**
 * A promise a test opens from outside, to hold work (a build inside its transaction, a job) at a
 * known point. `Gate.openAll()` in an afterEach lets the work of a test that failed or timed out
 * go on, so it never keeps its locks into the tests after it.
 */
export class Gate {
  private static readonly closed = new Set<Gate>();

  static openAll(): void {
    for (const gate of [...Gate.closed]) gate.open();
  }

  readonly promise: Promise<void>;
  readonly open: () => void;

  constructor() {
    let resolve!: () => void;
    this.promise = new Promise<void>((r) => (resolve = r));
    this.open = () => {
      Gate.closed.delete(this);
      resolve();
    };
    Gate.closed.add(this);
  }
}
