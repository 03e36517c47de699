/** The version check: every 60 s the home page is fetched without cache. */
export const VERSION_CHECK_INTERVAL_MS = 60_000;

/** The running build is outdated once the live home page no longer carries its id. */
export function isNewVersionAvailable(homePageHtml: string, runningBuildId: string): boolean {
  return runningBuildId.length > 0 && !homePageHtml.includes(runningBuildId);
}
