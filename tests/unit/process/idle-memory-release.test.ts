import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdleMemoryRelease, exposedCollector, type IdleMemoryRelease } from '../../../src/server/process/idle-memory-release';

describe('idle memory release: a worker collects once a burst is over', () => {
  let clock = 0;
  let release: IdleMemoryRelease | null = null;
  afterEach(() => release?.stop());

  const setUp = (collect: (() => void) | undefined, minRequests = 3) => {
    clock = 1_000;
    release = createIdleMemoryRelease({ idleMs: 5_000, minRequests, collect, now: () => clock });
    return release;
  };
  const serve = (count: number) => {
    for (let index = 0; index < count; index += 1) release!.begin()();
  };

  it('collects once the worker has been quiet for idleMs after enough requests', () => {
    const collect = vi.fn();
    const idle = setUp(collect);
    serve(3);
    clock += 4_999;
    idle.check();
    expect(collect).not.toHaveBeenCalled();
    clock += 1;
    idle.check();
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('collects at most once per quiet spell', () => {
    const collect = vi.fn();
    const idle = setUp(collect);
    serve(3);
    clock += 10_000;
    idle.check();
    clock += 10_000;
    idle.check();
    expect(collect).toHaveBeenCalledTimes(1);
    serve(3);
    clock += 5_000;
    idle.check();
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('never collects while a request is in flight, however long it takes', () => {
    const collect = vi.fn();
    const idle = setUp(collect);
    serve(3);
    const finish = idle.begin();
    clock += 60_000;
    idle.check();
    expect(collect).not.toHaveBeenCalled();
    finish();
    finish(); // a second close of the same response counts once
    idle.check();
    expect(collect).not.toHaveBeenCalled();
    clock += 5_000;
    idle.check();
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('leaves a quiet spell after a handful of requests alone', () => {
    const collect = vi.fn();
    const idle = setUp(collect, 100);
    serve(99);
    clock += 60_000;
    idle.check();
    expect(collect).not.toHaveBeenCalled();
  });

  it('does nothing without a collector (a process started without --expose-gc)', () => {
    const idle = setUp(undefined, 0);
    serve(10);
    clock += 60_000;
    expect(() => idle.check()).not.toThrow();
  });
});

describe('exposed collector: the full collection that hands the heap back', () => {
  const holder = globalThis as { gc?: unknown };
  const original = holder.gc;
  afterEach(() => {
    holder.gc = original;
  });

  it('is absent when the process was started without --expose-gc', () => {
    delete holder.gc;
    expect(exposedCollector()).toBeUndefined();
  });

  it("asks V8 for a synchronous major collection of the 'last-resort' flavour (the one that shrinks the heap)", () => {
    const gc = vi.fn();
    holder.gc = gc;
    exposedCollector()!();
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  });
});
