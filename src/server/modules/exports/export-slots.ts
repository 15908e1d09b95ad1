/** Exports waiting for a slot beyond which a new one is turned away (429) rather than queued. */
export const EXPORTS_WAITING_AT_MOST = 16;

/**
 * How many exports this process produces at once. An export reads the database
 * page by page, writes CSV or JSON and compresses it for as long as its client downloads: four at
 * once on two cores took the CPU from every other request. Exports beyond the slots wait in line,
 * in order; one person has at most one export running or waiting (their second is refused with
 * 429: it would only wait behind their first); a line longer than EXPORTS_WAITING_AT_MOST is
 * refused with 429 and Retry-After. A slot is held until the download ends, however it ends.
 */
export class ExportSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly owners = new Set<string>();

  constructor(private readonly slots: number) {}

  /**
   * Wait for a slot for `owner`'s export; answers its release (which may be called more than once),
   * or why there is none: `mine` (their other export runs or waits), `full` (the line is full).
   */
  async take(owner: string): Promise<{ release: () => void } | { refused: 'mine' | 'full' }> {
    if (this.owners.has(owner)) return { refused: 'mine' };
    if (this.running >= this.slots && this.waiting.length >= EXPORTS_WAITING_AT_MOST)
      return { refused: 'full' };
    this.owners.add(owner);
    if (this.running < this.slots) this.running++;
    // The slot is handed over by the export that ends, so `running` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.owners.delete(owner);
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      },
    };
  }
}
