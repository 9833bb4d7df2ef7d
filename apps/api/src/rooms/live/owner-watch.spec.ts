import { OwnerWatch } from './owner-watch';

/** Redis's answer to "who of these no longer listens", check by check. */
function watchWith(...silentPerCheck: string[][]) {
  const answers = [...silentPerCheck];
  return new OwnerWatch({ silentInstances: () => Promise.resolve(answers.shift() ?? []) });
}

describe('OwnerWatch', () => {
  it('reports an owner dead once it was silent at two checks in a row, and only once', async () => {
    const watch = watchWith(['a'], ['a'], ['a']);
    expect(await watch.newlyDead(['a', 'b'])).toEqual([]);
    expect(await watch.newlyDead(['a', 'b'])).toEqual(['a']);
    expect(await watch.newlyDead(['a', 'b'])).toEqual([]);
  });

  it('an owner that listens again in between is not dead (its connection came straight back)', async () => {
    const watch = watchWith(['a'], [], ['a']);
    for (let check = 0; check < 3; check++) expect(await watch.newlyDead(['a'])).toEqual([]);
  });

  it('a death whose handling failed is reported again at the next check', async () => {
    const watch = watchWith(['a'], ['a'], ['a']);
    await watch.newlyDead(['a']);
    expect(await watch.newlyDead(['a'])).toEqual(['a']);
    watch.retry('a');
    expect(await watch.newlyDead(['a'])).toEqual(['a']);
  });

  it('forgets owners nobody watches through any more', async () => {
    const watch = watchWith(['a'], [], ['a']);
    await watch.newlyDead(['a']);
    await watch.newlyDead([]);
    expect(await watch.newlyDead(['a'])).toEqual([]);
  });
});
