import { describe, expect, it } from 'vitest';
import { fileStoreConfig, loadConfig } from './config.ts';

describe('file store configuration', () => {
  it('keeps files in data/files when nothing is configured, or in the named folder', () => {
    expect(fileStoreConfig({})).toMatchObject({ kind: 'local', root: expect.stringMatching(/\/data\/files$/) });
    expect(fileStoreConfig({ FILE_STORE_URL: '/srv/tourdesk/files' })).toEqual({
      kind: 'local',
      root: '/srv/tourdesk/files',
    });
    expect(fileStoreConfig({ FILE_STORE_URL: 'file:///var/files' })).toEqual({ kind: 'local', root: '/var/files' });
  });

  it('reads a bucket, its prefix and endpoint from an s3:// address, with credentials from S3_*', () => {
    expect(
      fileStoreConfig({
        FILE_STORE_URL: 's3://tourdesk-files/uploads/prod/?endpoint=https://s3.example.com&region=eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'tourdesk-files',
      prefix: 'uploads/prod',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    // AWS itself: no endpoint, virtual-hosted addresses, the SDK's own credentials chain.
    expect(fileStoreConfig({ FILE_STORE_URL: 's3://bucket' })).toMatchObject({
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: null,
    });
    expect(fileStoreConfig({ FILE_STORE_URL: 's3://bucket', S3_ENDPOINT: 'http://minio:9000' })).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
  });

  it('limits uploads to 15 MB unless UPLOAD_LIMIT_MB says otherwise', () => {
    expect(loadConfig({}).uploadLimitBytes).toBe(15 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_LIMIT_MB: '40' }).uploadLimitBytes).toBe(40 * 1024 * 1024);
  });
});
