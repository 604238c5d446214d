import { describe, expect, it } from 'vitest';
import { tokenExpired, tokenSubject } from './auth-token.ts';

const token = (payload: object) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('tokenExpired', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it('is false before exp and true after it', () => {
    expect(tokenExpired(token({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(tokenExpired(token({ exp: now / 1000 - 1 }), now)).toBe(true);
  });
  it('treats a token without exp or an unreadable one as expired', () => {
    expect(tokenExpired(token({ sub: 1 }), now)).toBe(true);
    expect(tokenExpired('garbage', now)).toBe(true);
  });
});

describe('tokenSubject', () => {
  it('reads the account id the token was issued to', () => {
    expect(tokenSubject(token({ sub: '42', exp: 1 }))).toBe('42');
    expect(tokenSubject(token({ exp: 1 }))).toBeNull();
    expect(tokenSubject('garbage')).toBeNull();
  });
});
