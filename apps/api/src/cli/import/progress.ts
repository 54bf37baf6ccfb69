const number = new Intl.NumberFormat('en-US');

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/** How often progress is shown: a bar redraws often, plain lines (logs, pipes) rarely. */
const BAR_EVERY_MS = 100;
const LINE_EVERY_MS = 5000;
const BAR_WIDTH = 24;

/** Where progress goes: stderr, or anything that takes text. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Progress of an import on stderr: a bar on a terminal (bytes read of the total, records,
 * rate, current file), plain lines otherwise.
 */
export class Progress {
  private bytes = 0;
  private records = 0;
  private file = '';
  private readonly started = performance.now();
  private lastShown = this.started;
  private readonly tty: boolean;

  constructor(
    private readonly totalBytes: number,
    private readonly out: ProgressOutput = process.stderr,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  readonly addBytes = (bytes: number): void => {
    this.bytes += bytes;
    this.show();
  };

  addRecord(): void {
    this.records++;
    this.show();
  }

  startFile(label: string): void {
    this.file = label;
    if (!this.tty) this.out.write(`reading ${label}\n`);
    this.show(true);
  }

  finish(): void {
    if (this.tty) {
      this.show(true);
      this.out.write('\n');
    }
  }

  private show(force = false): void {
    const now = performance.now();
    if (!force && now - this.lastShown < (this.tty ? BAR_EVERY_MS : LINE_EVERY_MS)) return;
    if (!this.tty && force) return;
    this.lastShown = now;
    const share = this.totalBytes ? Math.min(1, this.bytes / this.totalBytes) : 1;
    const rate = this.records / Math.max((now - this.started) / 1000, 0.001);
    const figures = `${Math.floor(share * 100)}%  ${megabytes(this.bytes)}/${megabytes(this.totalBytes)} MB  ${number.format(this.records)} records  ${number.format(Math.round(rate))}/s`;
    if (this.tty) {
      const filled = Math.round(share * BAR_WIDTH);
      const bar = `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
      this.out.write(`\r\x1b[K${bar} ${figures}  ${this.file}`.slice(0, (this.out.columns || 120) + 4));
    } else {
      this.out.write(`progress: ${figures} (${this.file})\n`);
    }
  }
}
