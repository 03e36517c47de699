import { makeDataDirTemplates } from './built-server';

/**
 * Before the serial integration files: the data folder templates their product starts copy
 * (built-server.ts). Only a saving: if making them fails, every start makes its own folder.
 */
export default async function setup() {
  try {
    await makeDataDirTemplates();
  } catch (error) {
    console.warn(`data folder templates not made, each product start makes its own: ${error instanceof Error ? error.message : String(error)}`);
  }
}
