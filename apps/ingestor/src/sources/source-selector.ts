import type { SourceHealth } from './source-health';

export interface SelectorRules {
  /** How long a better exchange must have delivered without a break before it is the source again. */
  readonly returnAfterMs: number;
  /** Going back to a better exchange waits this long after the previous switch (no flapping). */
  readonly minSwitchGapMs: number;
}

export interface SelectorInput {
  /** Exchange names, best first: the primary, then the standbys in their configured order. */
  readonly order: readonly string[];
  readonly health: (name: string) => SourceHealth;
  readonly active: string;
  /** This process's time of the previous switch, if any. */
  readonly lastSwitchAt: number | undefined;
  readonly now: number;
}

export interface Switch {
  readonly to: string;
  readonly reason: 'source-dark' | 'better-source-back';
}

/**
 * Which exchange serves now (CONTRACT section 11), decided afresh on every feed event and tick:
 * - the serving exchange is dark: the best live one takes over at once (freshness comes first);
 * - a better exchange (the primary, or an earlier standby) has delivered for `returnAfterMs` and the
 *   previous switch is `minSwitchGapMs` old: it is the source again.
 * Returns undefined when the source stays.
 */
export function selectSource(input: SelectorInput, rules: SelectorRules): Switch | undefined {
  const { order, health, active, now } = input;
  if (health(active).state(now) === 'dark') {
    const best = order.find((name) => health(name).isLive(now));
    return best !== undefined && best !== active ? { to: best, reason: 'source-dark' } : undefined;
  }
  const sinceSwitch = input.lastSwitchAt === undefined ? Infinity : now - input.lastSwitchAt;
  if (sinceSwitch < rules.minSwitchGapMs) return undefined;
  const better = order
    .slice(0, Math.max(0, order.indexOf(active)))
    .find((name) => health(name).liveForMs(now) >= rules.returnAfterMs);
  return better === undefined ? undefined : { to: better, reason: 'better-source-back' };
}
