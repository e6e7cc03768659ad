// A secret read from the configuration (a wallet mnemonic): the value is reachable only through
// reveal(); printing, logging or serializing the holder shows a placeholder.
import { inspect } from 'node:util';

export class SecretText {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '[secret]';
  }

  toJSON(): string {
    return '[secret]';
  }

  [inspect.custom](): string {
    return '[secret]';
  }
}
