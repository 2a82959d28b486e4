/**
 * Delivers each conversation's messages exactly once and in sequence order, whatever order the
 * socket brings them in: duplicates (a resend, a resume overlapping a push) are dropped, and a
 * gap (a push from another server node overtaking an earlier one, or a socket that was away) is
 * held back until the missing range has been fetched from the server.
 */
export interface Sequenced {
  seq: number;
}

export interface SyncResult<M extends Sequenced> {
  messageList: M[];
  /** every sequence up to here has been looked at (numbers may be missing: deleted notices, unstored live-room messages) */
  upTo: number;
  more: boolean;
}

export class Ordering<M extends Sequenced> {
  private last = new Map<string, number>();
  private held = new Map<string, Map<number, M>>();
  private syncing = new Map<string, Promise<void>>();
  private again = new Set<string>();

  constructor(
    private deliver: (conversationID: string, m: M) => void,
    private fetch: (conversationID: string, after: number) => Promise<SyncResult<M>>,
    private onError: (err: unknown) => void = () => undefined,
  ) {}

  known(conversationID: string) {
    return this.last.has(conversationID);
  }

  lastSeq(conversationID: string) {
    return this.last.get(conversationID);
  }

  /** What the client has seen of each conversation (sent when resuming). */
  seqs(): Record<string, number> {
    return Object.fromEntries(this.last);
  }

  /** Sets where a conversation starts for this client (never moves it back). */
  baseline(conversationID: string, seq: number) {
    const cur = this.last.get(conversationID);
    if (cur === undefined || seq > cur) this.last.set(conversationID, seq);
    this.drain(conversationID);
  }

  forget() {
    this.last.clear();
    this.held.clear();
    this.again.clear();
  }

  receive(conversationID: string, m: M) {
    const last = this.last.get(conversationID);
    if (last === undefined) return; // not (or no longer) followed: nothing to order against
    if (m.seq <= last) return;
    if (m.seq === last + 1) {
      this.last.set(conversationID, m.seq);
      this.deliver(conversationID, m);
      this.drain(conversationID);
      return;
    }
    let h = this.held.get(conversationID);
    if (!h) this.held.set(conversationID, (h = new Map()));
    h.set(m.seq, m);
    void this.catchUp(conversationID);
  }

  /** Fetches everything after what was seen; resolves when the conversation is caught up. */
  catchUp(conversationID: string): Promise<void> {
    const running = this.syncing.get(conversationID);
    if (running !== undefined) {
      this.again.add(conversationID);
      return running;
    }
    const run = (async () => {
      try {
        let before = -1;
        for (;;) {
          const asked = this.again.delete(conversationID);
          const start = this.last.get(conversationID) ?? 0;
          // A round that moved nothing forward ends it; held messages then wait for the next push or resume.
          if (!asked && start === before) break;
          before = start;
          for (;;) {
            const r = await this.fetch(conversationID, this.last.get(conversationID) ?? 0);
            for (const m of r.messageList) {
              if (m.seq <= (this.last.get(conversationID) ?? 0)) continue;
              this.last.set(conversationID, m.seq);
              this.deliver(conversationID, m);
            }
            if (r.upTo > (this.last.get(conversationID) ?? 0)) this.last.set(conversationID, r.upTo);
            this.drain(conversationID);
            if (!r.more) break;
          }
          if (!this.again.has(conversationID) && !this.gap(conversationID)) break;
        }
      } catch (err) {
        this.onError(err);
      } finally {
        this.syncing.delete(conversationID);
      }
    })();
    this.syncing.set(conversationID, run);
    return run;
  }

  private gap(conversationID: string) {
    return (this.held.get(conversationID)?.size ?? 0) > 0;
  }

  private drain(conversationID: string) {
    const h = this.held.get(conversationID);
    if (!h) return;
    let last = this.last.get(conversationID) ?? 0;
    for (const seq of [...h.keys()].sort((a, b) => a - b)) {
      const m = h.get(seq)!;
      if (seq <= last) {
        h.delete(seq);
      } else if (seq === last + 1) {
        h.delete(seq);
        last = seq;
        this.last.set(conversationID, seq);
        this.deliver(conversationID, m);
      } else break;
    }
    if (!h.size) this.held.delete(conversationID);
  }
}
