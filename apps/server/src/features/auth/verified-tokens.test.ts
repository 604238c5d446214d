import { createSigner, createVerifier } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { rememberingVerifier } from './verified-tokens.ts';

const KEY = 'a-test-key-of-enough-length-for-hs256';
const START = Date.parse('2026-12-04T12:00:00Z');

/** fast-jwt's verifier on a clock the test moves, counting the tokens it checks. */
function setUp() {
  let now = START;
  const checked: string[] = [];
  const verify = rememberingVerifier(
    (token: string) => {
      checked.push(token);
      return createVerifier({ key: KEY, algorithms: ['HS256'], requiredClaims: ['exp'], clockTimestamp: now })(
        token,
      ) as { sub: string; exp: number };
    },
    2,
    () => now,
  );
  const sign = (sub: string, lifetimeSeconds: number) =>
    createSigner({ key: KEY, clockTimestamp: now, expiresIn: lifetimeSeconds * 1000 })({ sub });
  return { verify, sign, checked, advance: (ms: number) => (now += ms) };
}

describe('rememberingVerifier', () => {
  it('checks a token once and answers from memory until it expires', () => {
    const { verify, sign, checked, advance } = setUp();
    const token = sign('7', 60);
    expect(verify(token).sub).toBe('7');
    advance(59_000);
    expect(verify(token).sub).toBe('7');
    expect(checked).toHaveLength(1);
    advance(2_000);
    expect(() => verify(token)).toThrow(/expired/i);
    expect(checked).toHaveLength(2);
  });

  it('checks a remembered token again after ten minutes', () => {
    const { verify, sign, checked, advance } = setUp();
    const token = sign('7', 3600);
    verify(token);
    advance(10 * 60_000 - 1);
    verify(token);
    expect(checked).toHaveLength(1);
    advance(1);
    verify(token);
    expect(checked).toHaveLength(2);
  });

  it('remembers no refused token, and only the most recently used beyond its size', () => {
    const { verify, sign, checked } = setUp();
    const forged = `${sign('7', 60).slice(0, -2)}xx`;
    expect(() => verify(forged)).toThrow();
    expect(() => verify(forged)).toThrow();
    expect(checked).toEqual([forged, forged]);
    const [a, b, c] = ['1', '2', '3'].map((sub) => sign(sub, 60));
    for (const token of [a!, b!, a!, c!, a!, b!]) verify(token);
    // Size 2: b went when c came (a was used more recently), so b is checked again; a stayed throughout.
    expect(checked.slice(2)).toEqual([a, b, c, b]);
  });
});
