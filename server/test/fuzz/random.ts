/** A seeded pseudo-random generator (mulberry32): the fuzz test repeats a run from its seed. */

/** Numbers, picks, bytes and text, the same for the same seed. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Bytes from the generator, for garbage that must repeat with the seed. */
  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i++) buffer[i] = this.int(0, 255);
    return buffer;
  }

  /** A string of `length` characters from every part of Unicode (lone surrogates included). */
  text(length: number): string {
    let text = '';
    for (let i = 0; i < length; i++) {
      const range = this.pick([
        [0x20, 0x7e],
        [0x20, 0x7e],
        [0x00, 0x1f],
        [0x80, 0x7ff],
        [0x800, 0xffff],
        [0x1f300, 0x1f64f],
      ] as const);
      text += String.fromCodePoint(this.int(range[0], range[1]));
    }
    return text;
  }
}
