/**
 * A barcode scanner plugged in as a keyboard (« keyboard wedge ») types the code's characters in a
 * few milliseconds each, then Enter. A person does not type that fast: keys arriving less than
 * `gapMs` apart, at least `minLength` of them, ended by Enter, are a scan — wherever the focus is,
 * so the till scans without first clicking a field. Plain state machine, fed with timestamps.
 */
export interface WedgeOptions { gapMs?: number; minLength?: number }

export class WedgeReader {
  private buffer = '';
  private last = -Infinity;
  private readonly gapMs: number;
  private readonly minLength: number;

  constructor({ gapMs = 50, minLength = 4 }: WedgeOptions = {}) {
    this.gapMs = gapMs;
    this.minLength = minLength;
  }

  /** Feeds one key (`KeyboardEvent.key`) at `time` ms; answers the code when Enter ends a scan. */
  push(key: string, time: number): string | null {
    const fast = time - this.last <= this.gapMs;
    this.last = time;
    if (key === 'Enter') {
      const code = fast && this.buffer.length >= this.minLength ? this.buffer : null;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1) {
      this.buffer = '';
      return null;
    }
    // a slow key starts a new code: what a person typed before is not part of a scan
    this.buffer = fast ? this.buffer + key : key;
    return null;
  }
}

/**
 * Whether an article answers to a scanned code: the catalogue has no barcode field, so a code is
 * one of the article's keywords (words separated by commas or spaces, catalogue « keywords »).
 */
export function matchesCode(keywords: string | undefined, code: string): boolean {
  return (keywords ?? '').split(/[\s,;]+/).some((word) => word !== '' && word.toLowerCase() === code.toLowerCase());
}
