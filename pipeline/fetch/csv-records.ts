/**
 * Counting CSV records in a stream, quote-aware: a line end inside a quoted field does not end a
 * record. The published sets have none, but a count that breaks on the first one would fail a
 * night on a correct file.
 */

const QUOTE = 0x22;
const LF = 0x0a;

export class RecordCounter {
  /** Records ended by a line end so far. */
  records = 0;
  private quoted = false;
  private last = -1;

  push(buf: Buffer): void {
    let quoted = this.quoted;
    let records = this.records;
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i];
      if (b === QUOTE) quoted = !quoted;
      else if (b === LF && !quoted) records++;
    }
    this.quoted = quoted;
    this.records = records;
    if (buf.length) this.last = buf[buf.length - 1];
  }

  /** True when the data seen so far ends in the middle of a record (no final line end). */
  get open(): boolean {
    return this.last !== -1 && this.last !== LF;
  }

  /** Records, counting an unterminated last one. */
  get total(): number {
    return this.records + (this.open ? 1 : 0);
  }
}

/** A header line as compared: no BOM, no line end. */
export function headerText(line: Buffer): string {
  let text = line.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.replace(/\r?\n$/, '');
}

/**
 * True when a body starts like a web page (or any markup), not like CSV: the portal's error and
 * maintenance pages come with status 200. No published header starts with '<'.
 */
export function looksLikeHtml(head: Buffer): boolean {
  return head.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart().startsWith('<');
}
