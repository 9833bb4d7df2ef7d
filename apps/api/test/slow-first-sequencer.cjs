// Orders the API test files for the fewest idle workers at the end of a run. jest puts the slowest files first when
// its cache has their durations; a fresh clone has none, and jest then goes by file size, which would start the
// longest file (the wallet model, minutes of sequential database work) late and leave one worker running it alone.
// The files below (slowest measured, docs/perf.md "Test suite time") go first in this order; the rest keep jest's.
const Sequencer = require('@jest/test-sequencer').default;

const SLOW_FIRST = [
  'wallet.model.int-spec.ts',
  'launcher.int-spec.ts',
  'fuzz-routes.int-spec.ts',
  'live-match.int-spec.ts',
  'two-factor.int-spec.ts',
  'scale-out-kill.int-spec.ts',
];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => {
      const index = SLOW_FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // Array.prototype.sort is stable: files outside the list keep jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirstSequencer;
