/** A setting of the environment the product cannot run with: what is wrong, and what to set instead. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(message: string, readonly hint: string) {
    super(`${message} (${hint})`);
    this.name = 'ConfigError';
  }
}
