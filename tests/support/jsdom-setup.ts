// jsdom has no layout engine and no ResizeObserver; Headless UI's anchored panels
// (floating-ui) observe their size. Nothing here measures, so observing is a no-op.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver as unknown as typeof ResizeObserver;
