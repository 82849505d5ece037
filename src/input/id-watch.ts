/** An identifier of 16 digits or more: longer than a spreadsheet program keeps exactly. */
const LONG_ID = /^\d{16,}$/;

/** A long numeric id met while checking a record, where it was in the record. */
export interface LongId {
  loc: string[];
  value: string;
}

/**
 * Long numeric ids met while a record is checked, handed to the check pass after each record. Excel and
 * LibreOffice keep 15 significant digits: a 16-digit 상품주문번호 that passed through one as a number comes
 * back with its last digit 0 (`2026112212345691` becomes `2026112212345690`), and such ids no longer
 * name anything at the marketplace. One id alone cannot tell; a column can (`check.ts`).
 */
export class IdWatch {
  #met: LongId[] = [];
  #watching = true;
  /** Buyer ids the marketplace masked (`abcd****`), not used as member ids: how many, and one of them. */
  masked = 0;
  maskedExample: string | undefined;

  /** A masked buyer id was left out of a record. */
  noteMasked(value: string): void {
    if (!this.#watching) return;
    this.masked += 1;
    this.maskedExample ??= value;
  }

  note(loc: readonly (string | number)[], value: string): void {
    if (!this.#watching) return;
    const text = value.trim();
    if (LONG_ID.test(text)) this.#met.push({ loc: loc.map(String), value: text });
  }

  /** The check pass is over: what is checked after (building records to send) is not noted. */
  stop(): void {
    this.#watching = false;
    this.#met = [];
  }

  /** A check pass begins: what an earlier pass noted is forgotten. */
  restart(): void {
    this.#watching = true;
    this.#met = [];
    this.masked = 0;
    this.maskedExample = undefined;
  }

  /** The long ids met since the last call. */
  take(): LongId[] {
    const met = this.#met;
    if (met.length > 0) this.#met = [];
    return met;
  }
}
