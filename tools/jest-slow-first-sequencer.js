// Starts the suites that wait through whole exchange minutes first, so they overlap the many short
// ones instead of running alone at the end of a run (a clean clone has no timings cached to order by).
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [
  'apps/gateway/test/exchange-failover.test.ts',
  'apps/gateway/test/exchange-failover-refused.test.ts',
  // Its leader-kill case waits through two whole index minutes (about 4 minutes in all).
  'apps/gateway/test/index-price.test.ts',
  // Waits through two alerts' `for:` and their resolution (about 4 minutes on a busy machine).
  'deploy/test/alerting-end-to-end.test.ts',
  'apps/ingestor/test/server-cut.test.ts',
  'apps/gateway/test/live-halt.test.ts',
  'apps/ingestor/test/history-consistency.test.ts',
  'apps/cache/test/gap-repair.test.ts',
];

function rank(path) {
  const index = SLOW_FIRST.findIndex((suite) => path.endsWith(suite));
  return index === -1 ? SLOW_FIRST.length : index;
}

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted].sort((a, b) => rank(a.path) - rank(b.path));
  }
}

module.exports = SlowFirstSequencer;
