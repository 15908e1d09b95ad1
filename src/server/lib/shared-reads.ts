/**
 * Identical reads asked at the same time, answered by one: a read for a key joins the one under way
 * only if that one starts after the read was asked, so every answer is at least as new as the
 * database was when its request came (what a read of its own would have seen), never older. While
 * one read of a key runs, those that come in wait for it to end and then share the next one: under
 * load each key costs one read at a time however many ask, with nothing kept once it is answered
 * (no time-to-live, nothing to invalidate).
 */
export class SharedReads<T> {
  /** The read of each key under way. */
  private readonly running = new Map<string, Promise<T>>();
  /** The read of each key that starts when the one under way ends, shared by those who came meanwhile. */
  private readonly queued = new Map<string, Promise<T>>();

  /** The answer of `read` for `key`, from a read that starts now or that those waiting with us share. */
  read(key: string, read: () => Promise<T>): Promise<T> {
    const queued = this.queued.get(key);
    if (queued) return queued;
    const running = this.running.get(key);
    if (!running) return this.start(key, read);
    const next = running.then(
      () => this.startQueued(key, read),
      () => this.startQueued(key, read),
    );
    this.queued.set(key, next);
    return next;
  }

  private startQueued(key: string, read: () => Promise<T>): Promise<T> {
    this.queued.delete(key);
    return this.start(key, read);
  }

  private start(key: string, read: () => Promise<T>): Promise<T> {
    const started = read();
    this.running.set(key, started);
    const done = () => {
      if (this.running.get(key) === started) this.running.delete(key);
    };
    started.then(done, done);
    return started;
  }
}
