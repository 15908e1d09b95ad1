/**
 * Evidence, per push service origin, that it refuses our VAPID credentials rather than one
 * subscription. A 401/403 is first taken as about that one subscription: a follower controls
 * their endpoint, and FCM answers 403 for a subscription made with another application server
 * key. The rule: an origin refuses our credentials when its last REFUSALS_TO_PAUSE answers to this
 * process (across sends) were all 401/403, with no success in between. One follower (or a few)
 * can then never stop delivery to others: every success from that origin resets the count.
 */
export const REFUSALS_TO_PAUSE = 10;

export class CredentialRefusals {
  private readonly streak = new Map<string, number>();

  /** The origin accepted a message: our credentials work there. */
  accepted(origin: string): void {
    if (this.streak.has(origin)) this.streak.delete(origin);
  }

  refused(origin: string): void {
    this.streak.set(origin, (this.streak.get(origin) ?? 0) + 1);
  }

  /** True once the evidence says this origin refuses our credentials, not one subscription. */
  refusing(origin: string): boolean {
    return (this.streak.get(origin) ?? 0) >= REFUSALS_TO_PAUSE;
  }
}
