import { describe, expect, it } from 'vitest';
import { readMetricsConfig } from '../../../src/server/metrics/metrics-endpoint';
import { routeLabel } from '../../../src/server/metrics/metrics';

describe('the metrics route label rule', () => {
  it('names a page by its route table key, in either language, with or without a query', () => {
    expect(routeLabel('/jobs?q=react')).toBe('jobs');
    expect(routeLabel('/fr/jobs')).toBe('jobs');
    expect(routeLabel('/')).toBe('home');
    expect(routeLabel('/fr')).toBe('home');
  });

  it('names a record by the route it is a record of, so that ids never make a new series', () => {
    expect(routeLabel('/job-apply/20b1264f-c6f8-4970-86ff-afbd7cbade40/lead-engineer')).toBe('jobApply');
    expect(routeLabel('/company/profile/20b1264f-c6f8-4970-86ff-afbd7cbade40')).toBe('companyProfile');
  });

  it('names what is no page by its kind', () => {
    expect(routeLabel('/api/graphql')).toBe('api');
    expect(routeLabel('/oidc/auth?client_id=x')).toBe('oidc');
    expect(routeLabel('/_astro/app.js')).toBe('assets');
    expect(routeLabel('/media/pictures/a.webp')).toBe('media');
    expect(routeLabel('/auth/callback?code=x')).toBe('auth');
    expect(routeLabel('/wp-login.php')).toBe('other');
    expect(routeLabel('/no/such/page')).toBe('other');
  });
});

describe('the metrics endpoint settings', () => {
  it('serves no metrics unless METRICS_PORT is set; then on the loopback by default', () => {
    expect(readMetricsConfig({})).toBeNull();
    expect(readMetricsConfig({ METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1', token: null });
    expect(readMetricsConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 's3cret' })).toEqual({ port: 9464, host: '0.0.0.0', token: 's3cret' });
  });

  it('refuses a port that is no port, or the public one', () => {
    expect(() => readMetricsConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a port number, got "nine"/);
    expect(() => readMetricsConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => readMetricsConfig({ METRICS_PORT: '4321', PORT: '4321' })).toThrow(/METRICS_PORT must differ from PORT/);
  });
});
