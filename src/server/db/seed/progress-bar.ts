/** `[#####.....] 45% job ads 45000/100000` */
export function progressLine(step: string, done: number, total: number, width = 20): string {
  const ratio = total > 0 ? Math.min(Math.max(done / total, 0), 1) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ${step} ${done}/${total}`;
}

export interface ProgressWriter {
  update(step: string, done: number, total: number): void;
  /** Ends the current line. */
  finish(): void;
}

/**
 * On a terminal, redraws one line per step in place (`\r`); elsewhere (CI logs, files)
 * writes a step's line once, when it completes, so logs do not fill with redraws.
 */
export function progressWriter(stream: NodeJS.WriteStream): ProgressWriter {
  let currentStep: string | null = null;
  let lastLength = 0;
  return {
    update(step, done, total) {
      const line = progressLine(step, done, total);
      if (!stream.isTTY) {
        if (done >= total) stream.write(`${line}\n`);
        return;
      }
      if (currentStep === step) {
        stream.write('\r');
      } else {
        // Each step keeps its finished bar on a line of its own.
        if (currentStep !== null) stream.write('\n');
        lastLength = 0;
      }
      currentStep = step;
      // Padding wipes what a longer previous draw left behind.
      stream.write(line.padEnd(lastLength));
      lastLength = line.length;
    },
    finish() {
      if (stream.isTTY && currentStep !== null) stream.write('\n');
      currentStep = null;
      lastLength = 0;
    },
  };
}
