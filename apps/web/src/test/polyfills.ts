import { webcrypto } from 'node:crypto';

/**
 * msw 3 targets Node 22; these tests run on Node 20. Fill in the two Node 22 built-ins msw calls:
 * Promise.withResolvers and the Set composition methods (intersection, difference, union).
 * Test-only: the browser bundle never loads this file.
 */
const promiseConstructor = Promise as unknown as { withResolvers?: unknown };
if (typeof promiseConstructor.withResolvers !== 'function') {
  promiseConstructor.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((resolvePromise, rejectPromise) => {
      resolve = resolvePromise;
      reject = rejectPromise;
    });
    return { promise, resolve, reject };
  };
}

interface SetLike<T> {
  has(value: T): boolean;
  keys(): Iterator<T>;
}

const setPrototype = Set.prototype as unknown as Record<string, unknown>;

function defineSetMethod(name: string, method: (this: Set<unknown>, other: SetLike<unknown>) => Set<unknown>): void {
  if (typeof setPrototype[name] === 'function') return;
  Object.defineProperty(Set.prototype, name, { value: method, writable: true, configurable: true });
}

defineSetMethod('intersection', function intersection(other) {
  return new Set([...this].filter((value) => other.has(value)));
});
defineSetMethod('difference', function difference(other) {
  return new Set([...this].filter((value) => !other.has(value)));
});
defineSetMethod('union', function union(other) {
  const result = new Set(this);
  const iterator = other.keys();
  for (let step = iterator.next(); !step.done; step = iterator.next()) result.add(step.value);
  return result;
});

export {};

/**
 * jsdom's `crypto` has getRandomValues but no `subtle`; browsers have both. The fairness check hashes with
 * crypto.subtle, so give the tests Node's own Web Crypto implementation of it.
 */
if (globalThis.crypto && !globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
}
