import { errorMessage } from '../../lib/text/error-message';

/**
 * Runs a command-line tool's `main` with its arguments: its answer is the exit code; a failure
 * is one line naming the tool (`seed: ...`), then `afterFailure` (its usage, say), and exit code 1.
 */
export function runCommand(name: string, main: (argv: string[]) => Promise<number>, afterFailure = ''): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`\n${name}: ${errorMessage(error)}\n${afterFailure}`);
      process.exitCode = 1;
    },
  );
}
