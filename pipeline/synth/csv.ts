/** Buffered synchronous file output, RFC 4180 quoting, and the value shapes of the dumps. */
import fs from 'node:fs';

/** Lines (header included) and bytes written to one file. */
export interface FileStat {
  rows: number;
  bytes: number;
}

/**
 * Appends records to a file through a 1 MB byte buffer. Each record is copied into the buffer at
 * once, so the rope strings that template literals build die young: holding rows as strings until
 * a flush made them survive scavenges and tripled the run time in GC. All output is ASCII.
 */
/** Buffer's unchecked latin1 writer (Buffer#write validates its arguments on every call). */
type FastBuffer = Buffer & { latin1Write(s: string, offset: number): number };

export class Out {
  private fd: number;
  private buf = Buffer.allocUnsafe(1 << 20) as FastBuffer;
  private at = 0;
  bytes = 0;
  rows = 0;

  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'w');
  }

  /** One record (without its line end). */
  line(s: string): void {
    if (this.at + s.length + 1 > this.buf.length) {
      this.flush();
      if (s.length + 1 > this.buf.length) this.buf = Buffer.allocUnsafe(s.length + 1) as FastBuffer;
    }
    this.at += this.buf.latin1Write(s, this.at);
    this.buf[this.at++] = 10;
    this.rows++;
  }

  private flush(): void {
    let off = 0;
    while (off < this.at) off += fs.writeSync(this.fd, this.buf, off, this.at - off);
    this.bytes += this.at;
    this.at = 0;
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** RFC 4180 field: quoted only when needed (commas, quotes, line ends, edge whitespace). */
export function q(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}


/** Motus amounts: whole dollars with cents, from thousands (750 → '750000.00'). */
export const dollars = (thousands: number): string => `${thousands * 1000}.00`;
/** Zero-filled amount in thousands of dollars ("00750"). */
export const amount5 = (thousands: number): string => String(thousands).padStart(5, '0');
/** USDOT number zero-padded to 8 digits. */
export const dot8 = (dot: number): string => String(dot).padStart(8, '0');
/** Legacy L&I docket: prefix + number zero-padded to 6 digits (MC000045; MC1808911 has 7). */
export const docket = (prefix: string, n: number): string => prefix + String(n).padStart(6, '0');
