/**
 * At most `size` holders at once; the others wait in arrival order, holding nothing else while
 * they wait. The invoice creation takes one for its transaction (see InvoiceBuilder.build).
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`Cannot make ${size} slots.`);
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
