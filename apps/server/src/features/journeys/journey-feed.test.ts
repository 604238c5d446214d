import { describe, expect, it } from 'vitest';
import { feedEncoding, matchesFeed } from './journey-feed.routes.ts';

describe('feedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(feedEncoding(undefined)).toBe('identity');
    expect(feedEncoding('gzip, deflate, br')).toBe('br');
    expect(feedEncoding('gzip')).toBe('gzip');
    expect(feedEncoding('x-gzip')).toBe('gzip');
    expect(feedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(feedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(feedEncoding('*')).toBe('br');
    expect(feedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(feedEncoding('identity')).toBe('identity');
    expect(feedEncoding('deflate')).toBe('identity');
  });
});

describe('matchesFeed', () => {
  const etag = '"abc123"';
  it('matches the tag in any encoding, weakly, in a list, or *', () => {
    expect(matchesFeed(etag, etag)).toBe(true);
    expect(matchesFeed('"abc123-gzip"', etag)).toBe(true);
    expect(matchesFeed('W/"abc123-br"', etag)).toBe(true);
    expect(matchesFeed('"x", "abc123"', etag)).toBe(true);
    expect(matchesFeed('*', etag)).toBe(true);
  });
  it('does not match another tag or nothing', () => {
    expect(matchesFeed(undefined, etag)).toBe(false);
    expect(matchesFeed('"abc12"', etag)).toBe(false);
    expect(matchesFeed('"abc123-deflate"', etag)).toBe(false);
    expect(matchesFeed('abc123', etag)).toBe(false);
  });
});
