import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config';

describe('scheduled work configuration (QUEUE_ENABLED, JOB_ALERT_CRON, EXPIRED_ADS_CRON)', () => {
  it('runs the queue with hourly digests and expired-ad tidying by default', () => {
    expect(readConfig({}).queue).toEqual({ enabled: true, jobAlertCron: '7 * * * *', expiredAdsCron: '23 * * * *' });
  });

  it('takes other cron expressions and can be turned off for an instance', () => {
    expect(readConfig({ JOB_ALERT_CRON: '0 7 * * *', EXPIRED_ADS_CRON: '*/10 * * * *', QUEUE_ENABLED: 'false' }).queue).toEqual({ enabled: false, jobAlertCron: '0 7 * * *', expiredAdsCron: '*/10 * * * *' });
  });

  it('refuses at start-up a schedule that is not a five-field cron expression', () => {
    expect(() => readConfig({ JOB_ALERT_CRON: 'daily' })).toThrow(ConfigError);
    expect(() => readConfig({ EXPIRED_ADS_CRON: '* * *' })).toThrow(/EXPIRED_ADS_CRON is not a cron expression/);
  });
});
