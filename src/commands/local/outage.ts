import type { Factory } from '../../cli/factory.js';
import { localWords } from './words.js';

/**
 * What a follow (`--follow`, `--forward-to`) says while the service is away, a restart say: once when it
 * stops answering, once when it answers again, and nothing every second in between.
 */
export class FollowOutage {
  readonly #f: Factory;
  #away = false;

  constructor(f: Factory) {
    this.#f = f;
  }

  away(): void {
    if (this.#away) return;
    this.#away = true;
    this.#f.log.warn(localWords(this.#f).serviceAway);
  }

  back(): void {
    if (!this.#away) return;
    this.#away = false;
    this.#f.log.info(localWords(this.#f).serviceBack);
  }
}
