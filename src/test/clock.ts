/**
 * Moves the clock `seconds` on for `new Date()` and `Date.now()` only (RTK Query reads a cached
 * answer's age with `new Date()`); timers stay real. Undone by `jest.useRealTimers()`.
 */
export function clockForward(seconds: number) {
  jest.useFakeTimers({
    now: Date.now() + seconds * 1000,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
