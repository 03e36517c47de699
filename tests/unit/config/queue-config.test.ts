import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/server/config';

describe('scheduled work configuration (QUEUE_ENABLED, JOB_ALERT_CRON, EXPIRED_ADS_CRON, DOMAIN_CHECK_CRON, RETENTION_CRON)', () => {
  it('runs the queue with hourly digests, expired-ad tidying, a daily domain check and a daily retention run by default', () => {
    expect(readConfig({}).queue).toEqual({ enabled: true, jobAlertCron: '7 * * * *', expiredAdsCron: '23 * * * *', domainCheckCron: '41 4 * * *', interviewReminderCron: '* * * * *', retentionCron: '17 3 * * *' });
  });

  it('takes other cron expressions and can be turned off for an instance', () => {
    expect(readConfig({ JOB_ALERT_CRON: '0 7 * * *', EXPIRED_ADS_CRON: '*/10 * * * *', DOMAIN_CHECK_CRON: '0 3 * * *', RETENTION_CRON: '0 2 * * *', QUEUE_ENABLED: 'false' }).queue).toEqual({
      enabled: false,
      jobAlertCron: '0 7 * * *',
      expiredAdsCron: '*/10 * * * *',
      domainCheckCron: '0 3 * * *',
      interviewReminderCron: '* * * * *',
      retentionCron: '0 2 * * *',
    });
  });

  it('refuses at start-up a schedule that is not a five-field cron expression', () => {
    expect(() => readConfig({ JOB_ALERT_CRON: 'daily' })).toThrow(ConfigError);
    expect(() => readConfig({ EXPIRED_ADS_CRON: '* * *' })).toThrow(/EXPIRED_ADS_CRON is not a cron expression/);
    expect(() => readConfig({ DOMAIN_CHECK_CRON: 'nightly' })).toThrow(/DOMAIN_CHECK_CRON is not a cron expression/);
  });

  it('looks company e-mail domains up on the resolvers SSO_DNS_SERVERS names, else the system ones', () => {
    expect(readConfig({}).ssoDnsServers).toEqual([]);
    expect(readConfig({ SSO_DNS_SERVERS: ' 1.1.1.1, 9.9.9.9:53 ,' }).ssoDnsServers).toEqual(['1.1.1.1', '9.9.9.9:53']);
  });
});
